import type { Page } from "@playwright/test";
import { COMPANY } from "../../app/company.ts";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { waitForHydration } from "./browser-checks.ts";
import { expect, test } from "./fixtures.ts";

/**
 * A page printed from the browser (print media): the content alone, without the site's menus,
 * banners, cookie bar and buttons; a product's gallery by its first picture; under it the footer's
 * company details and phone, so that the paper says whom to call (not on the contact page, which is them).
 */

const PRODUCT = "/categorie/excavatoare/utilaj/cat-320";

/** The cookie bar, shown a second after the page to a visitor who has not answered it. */
const cookieBar = (page: Page) => page.getByRole("region", { name: "Acord pentru cookie-uri" });

/** What the screen shows and paper must not: checked on screen first, so the print check proves the stylesheet. */
async function expectChromeOnScreen(page: Page): Promise<void> {
  await waitForHydration(page);
  await expect(cookieBar(page)).toBeVisible();
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await expect(page.locator('[aria-roledescription="carousel"]')).toBeVisible();
  await expect(page.locator("body > footer")).toBeVisible();
}

async function expectChromePrintedAway(page: Page): Promise<void> {
  await page.emulateMedia({ media: "print" });
  await expect(cookieBar(page)).toBeHidden();
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.locator('[aria-roledescription="carousel"]')).toBeHidden();
  await expect(page.locator("body > header")).toBeHidden();
}

/** On paper under the page: the company's legal name and its phone, without the way back up. */
async function expectCompanyPrinted(page: Page): Promise<void> {
  const footer = page.locator("body > footer");
  await expect(footer).toBeVisible();
  await expect(footer.getByText(COMPANY.legalName)).toBeVisible();
  await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
  await expect(footer.getByRole("button")).toBeHidden();
}

test("a printed product page is the machine alone, its gallery one picture", async ({ page }) => {
  await page.goto(PRODUCT);
  await expectChromeOnScreen(page);
  const gallery = page.getByRole("region", { name: "Galerie foto" }).getByRole("listitem");
  expect(await gallery.count()).toBeGreaterThan(1);
  await expect(page.getByRole("link", { name: "Fișă tehnică (PDF)" })).toBeVisible();

  await expectChromePrintedAway(page);
  await expect(page.getByRole("heading", { level: 1, name: "CAT 320" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Specificații" })).toBeVisible();
  await expect(gallery).toHaveCount(1);
  // The one button left is the gallery's first picture; the page's own buttons and links-as-buttons are gone.
  await expect(page.getByRole("button")).toHaveCount(1);
  await expect(page.getByRole("button")).toHaveAccessibleName(/^Deschideți fotografia 1 din/);
  for (const name of ["CERETI OFERTA", "Fișă tehnică (PDF)", /^Înapoi la/])
    await expect(page.getByRole("link", { name })).toHaveCount(0);
  await expectCompanyPrinted(page);
});

test("a printed compare page is the table of the machines, without its buttons", async ({ page, server }) => {
  const products = (await (await fetch(new URL("/api/product", server.url))).json()) as ProductView[];
  const ids = products.slice(0, 2).map((product) => product.uuid);
  await page.goto(`/comparare?utilaje=${ids.join(",")}`);
  await expectChromeOnScreen(page);
  await expect(page.getByRole("link", { name: "Fișă tehnică (PDF)" })).toHaveCount(2);

  await expectChromePrintedAway(page);
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Fișă tehnică (PDF)" })).toHaveCount(0);
  await expectCompanyPrinted(page);
});

test("a printed contact page is the company's details, without the form", async ({ page }) => {
  await page.goto("/contact");
  await expectChromeOnScreen(page);
  await expect(page.locator("main form")).toBeVisible();

  await expectChromePrintedAway(page);
  await expect(page.locator("main form")).toBeHidden();
  await expect(page.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Ne găsiți aici" })).toBeVisible();
  await expect(page.locator("body > footer")).toBeHidden();
});
