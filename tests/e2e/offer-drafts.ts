import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import type { RunningServer } from "../../server/process/start-server.ts";

/** The offers' browser tests' ground: the demo's first machine, and drafts written through the API. */

/** The Romanian day `n` days from today. */
export const dayFromToday = (n: number) => addDays(romanianDay(), n);

/** The first machine of the demo catalogue, as the public API lists it. */
export async function demoMachine(page: Page): Promise<ProductView> {
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  const machine = products[0];
  if (!machine) throw new Error("no demo machine");
  return machine;
}

/**
 * A draft for Ștefan Țurcanu of `machine` from day 3 to day 5 at 1 350 lei, written as the office's
 * `token`; `fields` change or add to the body.
 */
export async function writeDraft(
  server: RunningServer,
  token: string,
  machine: ProductView,
  fields: Record<string, unknown> = {},
): Promise<OfferView> {
  const reply = await fetch(new URL("/api/offers", server.url), {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      customer_name: "Ștefan Țurcanu",
      lines: [
        {
          kind: "machine",
          product_uuid: machine.uuid,
          first_day: dayFromToday(3),
          last_day: dayFromToday(5),
          amount: 135_000,
        },
      ],
      ...fields,
    }),
  });
  expect(reply.status).toBe(201);
  return (await reply.json()) as OfferView;
}
