import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { plainText } from "../../common/text/rich-text.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, expectToast, test } from "./fixtures.ts";

/**
 * The 'Istoric' panel (decision 078): the administrator saves a wrong offer text, sees in the
 * machine's history what the save changed, word by word, restores the version before it, the public
 * page says the earlier text again, and the log has both. A spreadsheet import undone from the Jurnal.
 */
const offerEditor = (page: Page) => page.getByRole("textbox", { name: "Antet Oferta", exact: true });

test("yesterday's offer text comes back from the history panel, and the log says who did both", async ({
  adminPage: page,
}) => {
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  const product = products[0];
  if (!product) throw new Error("no demo machine");
  const earlier = plainText(product.header_offer);
  const firstWords = earlier.split(" ").slice(0, 3).join(" ");
  const edit = `/admin/main/products/edit/${product.uuid}`;

  await page.goto(edit);
  await expect(page.getByLabel("Model")).toHaveValue(product.model);
  await offerEditor(page).click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Oferta gresita lipita aici");
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Produsul a fost actualizat cu succes!");
  await expect(page).toHaveURL("/admin/main/products");

  await page.goto(edit);
  const history = page.getByRole("region", { name: "Istoric" });
  await history.getByRole("button", { name: "Aratati versiunile" }).click();
  const versions = history.getByRole("list", { name: "Versiunile pastrate" }).locator(":scope > li");
  await expect(versions.first()).toContainText("admin — Modificat: oferta");
  await expect(versions.nth(1)).toContainText("(inainte de istoric)");
  await versions.first().getByRole("button", { name: "Vedeti modificarile" }).click();
  await expect(versions.first().locator("ins").first()).toContainText("gresita");
  await expect(versions.first().locator("del").first()).toContainText(earlier.split(" ")[0] ?? "");
  await expectNoSeriousA11yViolations(page, "the history panel");

  await versions.nth(1).getByRole("button", { name: "Restaurati aceasta versiune" }).click();
  await page.getByRole("dialog", { name: "Restaurare versiune" }).getByRole("button", { name: "Da" }).click();
  await expectToast(page, "a fost restaurata.");
  await expect(offerEditor(page)).toContainText(firstWords);
  await expect(versions.first()).toContainText("Restaurata versiunea din");

  await page.goto(`/categorie/${product.category_slug}/utilaj/${product.slug}`);
  await expect(page.getByText(firstWords).first()).toBeVisible();
  await expect(page.getByText("Oferta gresita lipita aici")).toHaveCount(0);

  await page.goto("/admin/main/jurnal");
  const rows = page.getByRole("table").getByRole("row").filter({ hasText: product.model });
  await expect(rows.filter({ hasText: "Modificare" }).first()).toContainText("Modificat: oferta");
  await expect(rows.filter({ hasText: "Restaurare" })).toContainText("din Istoric");
});

test("a spreadsheet import is undone from its entry in the Jurnal", async ({ adminPage: page, adminSession }) => {
  const authorization = { Authorization: `Bearer ${adminSession.token}` };
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  const product = products.find((item) => item.category_uuid !== null);
  if (!product) throw new Error("no demo machine with a category");
  const exported = await page.request.get(`/api/catalogue/export?format=xlsx&category=${product.category_uuid}`, {
    headers: authorization,
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await exported.body()) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets.find((candidate) => candidate.name === product.category);
  if (!sheet) throw new Error("no sheet for the category");
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  sheet.eachRow((row, number) => {
    if (number > 1 && (row.values as unknown[]).map(String).includes(product.model))
      row.getCell(headers.indexOf("Antet Oferta [EN]")).value = "Wrong text from a spreadsheet";
  });
  const committed = await page.request.post("/api/catalogue/import/commit", {
    headers: { ...authorization, "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
    data: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  expect(committed.status()).toBe(200);

  await page.goto("/admin/main/jurnal");
  const row = page.getByRole("table").getByRole("row").filter({ hasText: "Import din foaie de calcul" });
  await expectNoSeriousA11yViolations(page, "the Jurnal with an import");
  await row.getByRole("button", { name: "Anulati importul" }).click();
  await page.getByRole("dialog", { name: "Anulare import" }).getByRole("button", { name: "Da" }).click();
  await expectToast(page, "Importul a fost anulat: 1 utilaje au revenit la versiunea de dinainte.");
  const [back] = (await (await page.request.get(`/api/product/${product.uuid}`)).json()) as ProductView[];
  expect(back?.header_offer_en).toBe(product.header_offer_en);
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: "Import anulat" })).toBeVisible();
});
