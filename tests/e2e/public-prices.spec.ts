import type { APIRequestContext, Page } from "@playwright/test";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { priceText } from "../../common/pricing/price-text.ts";
import { rentalPrice } from "../../common/pricing/rental-price.ts";
import type { RunningServer } from "../../server/process/start-server.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { waitForHydration } from "./browser-checks.ts";
import { expect, test, type AdminSession } from "./fixtures.ts";

/**
 * Prices on the public side (decision 093), on a phone and on a desktop: with the demo's switch on the
 * visitor reads "de la … lei/zi + TVA" on the cards and the product page, orders a category by price,
 * puts two machines in the quote list with days and an operator and reads the estimate, computed by
 * the pricing rule; with the switch off none of it shows.
 */

const CATEGORY = "excavatoare";

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

async function excavators(request: APIRequestContext): Promise<ProductView[]> {
  const categories = (await (await request.get("/api/category")).json()) as CategoryView[];
  const category = categories.find((each) => each.slug === CATEGORY);
  return (await (await request.get(`/api/product/category/${category?.uuid}`)).json()) as ProductView[];
}

const lei = (minor: number) => priceText(minor, "RON", "ro");
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const machineGroup = (page: Page, model: string) =>
  page.getByRole("group", { name: new RegExp(`^${literally(model)} `) });
const cardList = (page: Page) => page.getByRole("list", { name: /^Utilaje din categoria/ });

async function showPrices(server: RunningServer, session: AdminSession, shown: boolean): Promise<void> {
  const response = await fetch(new URL("/api/configuration/update", server.url), {
    method: "PUT",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${session.token}` },
    body: JSON.stringify([{ key: "show_prices", value: String(shown) }]),
  });
  expect(response.status).toBe(200);
}

for (const [device, viewport] of [
  ["a phone", { width: 360, height: 740 }],
  ["a desktop", { width: 1280, height: 900 }],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport });

    test("the visitor reads the rates, orders by price and reads the quote list's estimate", async ({
      page,
      request,
    }) => {
      const machines = await excavators(request);
      const byDay = [...machines].sort((a, b) => (a.prices?.day ?? 0) - (b.prices?.day ?? 0));
      const [cheapest] = byDay;
      const dearest = byDay.at(-1);
      if (!cheapest?.prices?.day || !dearest?.prices?.day || cheapest === dearest)
        throw new Error("the demo's excavators have no rates");

      await open(page, `/categorie/${CATEGORY}`);
      const cards = cardList(page).getByRole("listitem");
      await expect(cards.filter({ hasText: dearest.model })).toContainText(`de la ${lei(dearest.prices.day)}/zi + TVA`);
      await page.getByText("Filtrați și ordonați").click();
      await page.getByLabel("Ordine").selectOption({ label: "Preț pe zi: crescător" });
      await expect(page).toHaveURL(/sort=pret/);
      await expect(cards.first()).toContainText(cheapest.model);
      await page.getByLabel("Ordine").selectOption({ label: "Preț pe zi: descrescător" });
      await expect(page).toHaveURL(/sort=-pret/);
      await expect(cards.first()).toContainText(dearest.model);
      await expectNoSeriousA11yViolations(page, "a category ordered by price");
      await page.getByRole("button", { name: `Adăugați la cerere: ${cheapest.model}` }).click();
      await expect(page.getByRole("button", { name: `Scoateți din cerere: ${cheapest.model}` })).toBeVisible();

      await open(page, `/categorie/${CATEGORY}/utilaj/${dearest.slug}`);
      await expect(page.getByRole("heading", { name: "Prețuri" })).toBeVisible();
      await expect(page.getByText(`de la ${lei(dearest.prices.day)}/zi + TVA`)).toBeVisible();
      await expect(page.getByRole("row", { name: /^Garanție/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "a product page with its prices");
      await page.getByRole("button", { name: `Adăugați la cerere: ${dearest.model}` }).click();
      await expect(page.getByRole("button", { name: `Scoateți din cerere: ${dearest.model}` })).toBeVisible();

      await open(page, "/contact#quote-list");
      await machineGroup(page, cheapest.model).getByLabel("Număr de zile").fill("8");
      const dear = machineGroup(page, dearest.model);
      await dear.getByLabel("Număr de zile").fill("3");
      await dear.getByLabel("Cu operator").check();
      const estimate = page.getByRole("region", { name: "Estimativ, fără TVA" });
      const rates = (machine: ProductView) => ({
        day: machine.prices?.day ?? 0,
        week: machine.prices?.week,
        month: machine.prices?.month,
        minimumDays: machine.prices?.minimum_days,
      });
      const cheap = rentalPrice(rates(cheapest), 8).amount;
      const dearAmount = rentalPrice(rates(dearest), 3).amount + 3 * (dearest.prices.operator_day ?? 0);
      await expect(
        estimate.getByRole("row", { name: new RegExp(`^${literally(cheapest.model)}, 8 zile`) }),
      ).toContainText(lei(cheap));
      await expect(
        estimate.getByRole("row", { name: new RegExp(`^${literally(dearest.model)}, 3 zile, cu operator`) }),
      ).toContainText(lei(dearAmount));
      await expect(estimate.getByRole("row", { name: /^Total estimativ, fără TVA/ })).toContainText(
        lei(cheap + dearAmount),
      );
      await expectNoSeriousA11yViolations(page, "/contact with the quote list's estimate");

      await page.getByRole("group", { name: "Limba site-ului" }).getByRole("button", { name: "EN" }).click();
      await expect(page.getByRole("region", { name: "Estimate, excl. VAT" })).toContainText(
        priceText(cheap + dearAmount, "RON", "en"),
      );
    });

    test("with the switch off, no price, order by price or estimate shows", async ({
      page,
      request,
      server,
      adminSession,
    }) => {
      await showPrices(server, adminSession, false);
      const [machine] = await excavators(request);
      if (!machine) throw new Error("the demo has no excavators");
      expect(machine.prices).toBeUndefined();
      await open(page, `/categorie/${CATEGORY}`);
      await expect(cardList(page)).not.toContainText("lei/zi");
      await page.getByText("Filtrați și ordonați").click();
      await expect(page.getByLabel("Ordine").locator("option", { hasText: "Preț" })).toHaveCount(0);
      await page.getByRole("button", { name: `Adăugați la cerere: ${machine.model}` }).click();
      await open(page, `/categorie/${CATEGORY}/utilaj/${machine.slug}`);
      await expect(page.getByRole("heading", { name: machine.model, level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Prețuri" })).toHaveCount(0);
      await expect(page.getByRole("main")).not.toContainText("lei");
      await open(page, "/contact#quote-list");
      await machineGroup(page, machine.model).getByLabel("Număr de zile").fill("3");
      await expect(machineGroup(page, machine.model).getByLabel("Număr de zile")).toHaveValue("3");
      await expect(page.getByRole("region", { name: "Estimativ, fără TVA" })).toHaveCount(0);
      await expect(page.getByRole("main")).not.toContainText("lei");
    });
  });
}
