import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The product list's 'Exportati' menu (decision 076): the whole catalogue as a workbook, then the
 * category the list's filter shows as CSV (the ZIP with the pictures is the API test's).
 */

test("the product list exports the catalogue as a workbook and the filtered category as CSV", async ({
  adminPage: page,
  catalogue,
}) => {
  const categories = await catalogue.categories();
  await page.getByRole("link", { name: "Utilaje", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Utilaje" })).toBeVisible();

  await page.getByRole("button", { name: "Exportati" }).click();
  await expectNoSeriousA11yViolations(page, "the product list with its export menu open");
  const [workbookDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Foaie de calcul (XLSX), tot catalogul" }).click(),
  ]);
  expect(workbookDownload.suggestedFilename()).toMatch(/^catalog-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await workbookDownload.path()) as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
    "Citiți-mă",
    ...categories.map((category) => category.name.slice(0, 31).trim()),
    "Note",
  ]);

  const [first] = categories;
  await page.getByRole("combobox", { name: "Filtrati dupa categorie" }).selectOption(first.name);
  await page.getByRole("button", { name: "Exportati" }).click();
  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: `CSV, categoria ${first.name}` }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(new RegExp(`^catalog-${first.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = readFileSync(await csvDownload.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.subarray(3).toString("utf8").split("\r\n")[0]).toMatch(/^"id","Categorie","Model",/);
});
