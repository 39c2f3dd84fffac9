import { readFileSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { ZipFile } from "yazl";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { formatNumber } from "../../common/specifications/format.ts";
import { picture } from "../helpers/pictures.ts";
import { zipEntries } from "../helpers/zip-entries.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The product list's 'Importati' dialog (decisions 077, 079): the administrator exports the catalogue,
 * changes one figure in the workbook, previews it (exactly that row changed, old -> new), confirms,
 * and finds the new figure on the machine's public page in both languages; then, from the ZIP with
 * the pictures, changes a figure and adds a machine with its pictures, sees exactly those two rows,
 * and finds both on the public pages.
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

/** The exported ZIP's entries, the workbook changed by `edit`, and `added` put beside them, zipped again. */
async function editedZip(
  entries: Map<string, Buffer>,
  workbook: ExcelJS.Workbook,
  added: Record<string, Buffer>,
): Promise<Buffer> {
  const zip = new ZipFile();
  entries.set("catalog.xlsx", Buffer.from(await workbook.xlsx.writeBuffer()));
  for (const [name, content] of Object.entries(added)) entries.set(name, content);
  for (const [name, content] of entries) zip.addBuffer(content, name);
  zip.end();
  return buffer(zip.outputStream);
}

test("the administrator changes a figure and adds a machine with its pictures from the ZIP, seen in both languages", async ({
  adminPage: page,
  server,
}) => {
  await page.getByRole("link", { name: "Utilaje", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Utilaje" })).toBeVisible();
  await page.getByRole("button", { name: "Exportati" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "ZIP cu foaia de calcul si pozele, tot catalogul" }).click(),
  ]);
  const entries = await zipEntries(readFileSync(await download.path()));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(entries.get("catalog.xlsx") as unknown as ExcelJS.Buffer);
  const figure = firstFigure(workbook);
  const changed = figure.value + 11;
  figure.cell.value = changed;
  // A new machine on the same sheet, its texts in both languages, its pictures in its model's folder.
  const headers = (figure.sheet.getRow(1).values as unknown[]).map(String);
  const row = figure.sheet.getRow(figure.sheet.rowCount + 1);
  const set = (header: string, value: string | number) => (row.getCell(headers.indexOf(header)).value = value);
  set("Categorie", String(figure.sheet.getCell("B2").value));
  set("Model", "Bobcat E10 Import");
  set("Antet Oferta", "Miniexcavator adus din foaia de calcul");
  set("Antet Oferta [EN]", "Mini excavator brought from the spreadsheet");
  set("Detalii", "Detalii de import");
  set("Date tehnice", "- Latime 0,71 m");
  set(figure.header, 1138);
  row.commit();
  const edited = await editedZip(entries, workbook, {
    "bobcat-e10-import/01-antet.png": await picture("png", 64, 48, "#f59e0b"),
    "bobcat-e10-import/02-galerie.jpg": await picture("jpeg", 64, 48, "#0ea5e9"),
  });

  await page.getByRole("button", { name: "Importati" }).click();
  const dialog = page.getByRole("dialog", { name: "Importati utilajele dintr-o foaie de calcul" });
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    dialog.getByLabel("Fisierul de importat").click(),
  ]);
  await chooser.setFiles({ name: "catalog.zip", mimeType: "application/zip", buffer: edited });
  await expect(dialog.getByText(/^1 noi, 1 modificate, \d+ neschimbate, 0 refuzate$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the import dialog with a ZIP's preview");
  const rows = dialog.getByRole("table", { name: "Randurile fisierului" }).locator("tbody tr");
  await dialog.getByLabel("Aratati randurile").selectOption("changed");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${figure.header}: ${figure.value} -> ${changed}`);
  await dialog.getByLabel("Aratati randurile").selectOption("new");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Bobcat E10 Import");
  await expect(rows.first()).toContainText("bobcat-e10-import/01-antet.png, bobcat-e10-import/02-galerie.jpg");

  await dialog.getByRole("button", { name: "Confirmati importul" }).click();
  await expect(page.getByText(/Import terminat: 1 create, 1 modificate, \d+ neschimbate/)).toBeVisible();
  await expect(dialog).toBeHidden();

  const response = await fetch(new URL(`/api/product/${figure.id}`, server.url));
  const [product] = (await response.json()) as ProductView[];
  const path = `/categorie/${product.category_slug}/utilaj/${product.slug}`;
  const added = `/categorie/${product.category_slug}/utilaj/bobcat-e10-import`;
  await page.goto(path);
  await expect(page.getByText(formatNumber(changed, "ro"), { exact: false }).first()).toBeVisible();
  await page.goto(added);
  await expect(page.getByRole("heading", { level: 1, name: "Bobcat E10 Import" })).toBeVisible();
  await expect(page.getByText("Miniexcavator adus din foaia de calcul").first()).toBeVisible();
  await expect(page.getByText(formatNumber(1138, "ro"), { exact: false }).first()).toBeVisible();
  await expect(page.locator('img[src*="/bobcat-e10-import/"]').first()).toBeVisible();
  await page.goto(`${path}?lang=en`);
  await expect(page.getByText(formatNumber(changed, "en"), { exact: false }).first()).toBeVisible();
  await page.goto(`${added}?lang=en`);
  await expect(page.getByText("Mini excavator brought from the spreadsheet").first()).toBeVisible();
  await expect(page.getByText(formatNumber(1138, "en"), { exact: false }).first()).toBeVisible();
});
