import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { dayFromToday } from "../helpers/days.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import type { RunningServer } from "../../server/process/start-server.ts";

/** The offers' browser tests' ground: the demo's first machine, and drafts written through the API. */

/** The first machine of the demo catalogue, as the public API lists it. */
export async function demoMachine(page: Page): Promise<ProductView> {
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  const machine = products[0];
  if (!machine) throw new Error("no demo machine");
  return machine;
}

/** A draft's line of `machine` from day `first` to the day two after, at `amount` (minor units). */
export const draftLine = (machine: Pick<ProductView, "uuid">, first = 3, amount = 135_000) => ({
  kind: "machine",
  product_uuid: machine.uuid,
  first_day: dayFromToday(first),
  last_day: dayFromToday(first + 2),
  amount,
});

/**
 * A draft for Ștefan Țurcanu of `machine` from day 3 to day 5 at 1 350 lei, written as the office's
 * `token`; `fields` change or add to the body.
 */
export async function writeDraft(
  server: RunningServer,
  token: string,
  machine: Pick<ProductView, "uuid">,
  fields: Record<string, unknown> = {},
): Promise<OfferView> {
  const reply = await fetch(new URL("/api/offers", server.url), {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ customer_name: "Ștefan Țurcanu", lines: [draftLine(machine)], ...fields }),
  });
  expect(reply.status).toBe(201);
  return (await reply.json()) as OfferView;
}
