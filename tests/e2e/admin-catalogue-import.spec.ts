import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { formatNumber } from "../../common/specifications/format.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The product list's 'Importati' dialog (decision 077): the administrator exports the catalogue,
 * changes one figure in the workbook, previews it (exactly that row changed, old -> new), confirms,
 * and finds the new figure on the machine's public page in both languages.
 */

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The first machine's row with a figure, on a category's sheet: its sheet, address, header and value. */
function firstFigure(workbook: ExcelJS.Workbook) {
  for (const sheet of workbook.worksheets) {
    const headers = sheet.getRow(1).values as unknown[];
    if (headers[1] !== "id") continue;
    for (const [column, header] of headers.entries()) {
      if (column === 0) continue; // exceljs's row values start at index 1
      const cell = sheet.getRow(2).getCell(column);
      if (typeof header === "string" && / \(.+\)$/.test(header) && typeof cell.value === "number")
        return { sheet, cell, header, value: cell.value, id: String(sheet.getCell("A2").value) };
    }
  }
  throw new Error("no machine with a figure in the export");
}

test("the administrator imports a changed figure and finds it on the public page in both languages", async ({
  adminPage: page,
  server,
}) => {
  await page.getByRole("link", { name: "Utilaje", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Utilaje" })).toBeVisible();
  await page.getByRole("button", { name: "Exportati" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Foaie de calcul (XLSX), tot catalogul" }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ExcelJS.Buffer);
  const figure = firstFigure(workbook);
  const changed = figure.value + 7;
  figure.cell.value = changed;
  const edited = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.getByRole("button", { name: "Importati" }).click();
  const dialog = page.getByRole("dialog", { name: "Importati utilajele dintr-o foaie de calcul" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the import dialog before a file");
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    dialog.getByLabel("Fisierul de importat").click(),
  ]);
  await chooser.setFiles({ name: "catalog.xlsx", mimeType: XLSX_TYPE, buffer: edited });
  await expect(dialog.getByText(/0 noi, 1 modificate, \d+ neschimbate, 0 refuzate/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the import dialog with its preview");
  await dialog.getByLabel("Aratati randurile").selectOption("changed");
  const rows = dialog.getByRole("table", { name: "Randurile fisierului" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${figure.sheet.name}!2`);
  await expect(rows.first()).toContainText(`${figure.header}: ${figure.value} -> ${changed}`);

  await dialog.getByRole("button", { name: "Confirmati importul" }).click();
  await expect(page.getByText(/Import terminat: 0 create, 1 modificate, \d+ neschimbate/)).toBeVisible();
  await expect(dialog).toBeHidden();

  const response = await fetch(new URL(`/api/product/${figure.id}`, server.url));
  const [product] = (await response.json()) as ProductView[];
  const path = `/categorie/${product.category_slug}/utilaj/${product.slug}`;
  await page.goto(path);
  await expect(page.getByText(formatNumber(changed, "ro"), { exact: false }).first()).toBeVisible();
  await page.goto(`${path}?lang=en`);
  await expect(page.getByText(formatNumber(changed, "en"), { exact: false }).first()).toBeVisible();
});
