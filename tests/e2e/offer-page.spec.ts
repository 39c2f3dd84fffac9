import type { Page } from "@playwright/test";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { RunningServer } from "../../server/process/start-server.ts";
import { markOfferSent } from "../helpers/sent-offers.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test, type AdminSession } from "./fixtures.ts";
import { draftLine, writeDraft } from "./offer-drafts.ts";

/**
 * The customer's page of an offer (decision 097) in a real browser, on its own server: read on a
 * 360 px phone and on a desktop, in the offer's language and the other, accepted and refused from its
 * plain forms, with JavaScript on and off, and checked by axe.
 */

async function call<T>(server: RunningServer, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, server.url), {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** An offer for a demo machine, in `lang`, sent: the path of its page. */
async function sentOffer(server: RunningServer, session: AdminSession, lang: "ro" | "en", first: number) {
  const [product] = await call<ProductView[]>(server, session.token, "GET", "/api/product");
  const offer = await writeDraft(server, session.token, product, {
    customer_name: "Ion <b>Popescu</b>",
    customer_email: "ion@client.test",
    lang,
    discount: 1000,
    notes: "Livrare pe șantier, în Ilfov.",
    lines: [draftLine(product, first, 90_000), { kind: "free", description: "Transport dus-întors", amount: 40_000 }],
  });
  const token = await markOfferSent(server.services.db, offer.uuid);
  return { offer, product, path: `/oferta/${token}` };
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}

for (const { name, viewport } of [
  { name: "on a 360 px phone", viewport: { width: 360, height: 780 } },
  { name: "on a desktop", viewport: { width: 1280, height: 900 } },
]) {
  test.describe(name, () => {
    test.use({ viewport });

    test("the customer reads the offer in its language, switches language, and accepts it", async ({
      page,
      server,
      adminSession,
    }) => {
      const { offer, product, path } = await sentOffer(server, adminSession, "ro", 200);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: `Ofertă ${offer.number}` })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "ro");
      await expect(page.getByText(product.model).first()).toBeVisible();
      await expect(page.getByText("Ion <b>Popescu</b>")).toBeVisible();
      await expect(page.getByRole("rowheader", { name: "Total de plată" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Descărcați oferta (PDF)" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page, `the offer's page ${name}`);

      await page.getByRole("link", { name: "English" }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Offer ${offer.number}` })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expectNoSeriousA11yViolations(page, `the offer's page in English ${name}`);

      await page.getByRole("button", { name: "Accept the offer" }).click();
      // The browser holds the empty required field back; the box too.
      await expect(page.getByLabel("Name of the person accepting")).toBeFocused();
      await page.getByLabel("Name of the person accepting").fill("Maria Ionescu");
      await page.getByLabel("I accept the terms of rental").check();
      await page.getByRole("button", { name: "Accept the offer" }).click();
      await expect(page.getByRole("status")).toContainText("You accepted this offer");
      await expect(page.getByRole("status")).toContainText("Maria Ionescu");
      await expect(page.getByRole("button", { name: "Accept the offer" })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page, `the accepted offer's page ${name}`);
      const booking = await server.services.db
        .selectFrom("bookings")
        .select("state")
        .where("offer_id", "=", offer.uuid)
        .executeTakeFirstOrThrow();
      expect(booking.state).toBe("confirmat");
    });
  });
}

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });

  test("the customer reads an English offer and refuses it with a reason kept as written", async ({
    page,
    server,
    adminSession,
  }) => {
    const { offer, path } = await sentOffer(server, adminSession, "en", 210);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: `Offer ${offer.number}` })).toBeVisible();
    await page.getByLabel("Reason (optional)").fill("Found one closer <script>alert(1)</script>");
    await page.getByRole("button", { name: "Refuse the offer" }).click();
    await expect(page.getByRole("status")).toContainText("You refused this offer");
    await expect(page.getByRole("status")).toContainText("Found one closer <script>alert(1)</script>");
    const row = await server.services.db
      .selectFrom("offers")
      .select(["state", "answer_reason"])
      .where("id", "=", offer.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: "refuzata", answer_reason: "Found one closer <script>alert(1)</script>" });
  });

  test("the customer accepts in Romanian without a script", async ({ page, server, adminSession }) => {
    const { offer, path } = await sentOffer(server, adminSession, "ro", 220);
    await page.goto(path);
    await page.getByLabel("Numele persoanei care acceptă").fill("Elena Radu");
    await page.getByLabel("Accept condițiile de închiriere").check();
    await page.getByRole("button", { name: "Accept oferta" }).click();
    await expect(page.getByRole("status")).toContainText("Ați acceptat această ofertă");
    await expect(page).toHaveURL(new RegExp(`/oferta/[^/]+\\?lang=ro$`));
    const row = await server.services.db
      .selectFrom("offers")
      .select(["state", "answer_name"])
      .where("id", "=", offer.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: "acceptata", answer_name: "Elena Radu" });
  });
});
