import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { ImportPreview, ImportSummary } from "../../common/catalogue/catalogue-import.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { errorMessage } from "../../common/errors/error-codes.ts";
import type { ProductPrices } from "../../common/pricing/machine-prices.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { json, productBody } from "../helpers/catalogue-api.ts";

/**
 * The machines' prices as columns of the catalogue's spreadsheet (decision 093), on SQLite and
 * PostgreSQL (TEST_DIALECT): exported after the units in the fleet, imported back with an empty cell
 * keeping the stored value, and each bad amount refused by the dry run at its cell (its row's line)
 * with the price codes, nothing written.
 */
const admin = withAdminServer();
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PRICE_HEADERS = [
  "Tarif zi",
  "Tarif saptamana",
  "Tarif luna",
  "Garantie",
  "Operator pe zi",
  "Zile minime",
  "Pret la cerere",
];
const PRICES: ProductPrices = {
  day: 45_000,
  week: 250_000,
  month: null,
  deposit: 100_000,
  operator_day: null,
  minimum_days: 2,
  on_request: false,
};

let categories = 0;
/** A category of its own with one machine priced `prices`. */
async function pricedMachine(prices: ProductPrices | undefined): Promise<ProductView> {
  categories += 1;
  const { name } = await json<CategoryView>(
    await admin.call("POST", "/api/category/create", { name: `Coloane preturi ${categories}` }),
    201,
  );
  const body = { ...(await productBody(name, `Pret Coloane ${categories}`)), ...(prices ? { prices } : {}) };
  return json<ProductView>(await admin.call("POST", "/api/product/create", body), 201);
}

async function exported(machine: ProductView): Promise<ExcelJS.Workbook> {
  const response = await admin.server.fetch(`/api/catalogue/export?format=xlsx&category=${machine.category_uuid}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
  return workbook;
}

function sheetOf(workbook: ExcelJS.Workbook, machine: ProductView): ExcelJS.Worksheet {
  const sheet = workbook.getWorksheet(machine.category);
  if (!sheet) throw new Error(`no sheet for ${machine.category}`);
  return sheet;
}

/** The 1-based column of `header` in the sheet's first row. */
const columnOf = (sheet: ExcelJS.Worksheet, header: string) => (sheet.getRow(1).values as unknown[]).indexOf(header);

async function send(step: "preview" | "commit", workbook: ExcelJS.Workbook): Promise<Response> {
  return admin.server.fetch(`/api/catalogue/import/${step}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": XLSX_TYPE },
    body: new Uint8Array(Buffer.from(await workbook.xlsx.writeBuffer())),
  });
}

const stored = async (machine: ProductView) =>
  (await json<ProductView>(await admin.call("GET", `/api/product/edit/${machine.uuid}`), 200)).prices;

describe("the export", () => {
  it("writes the prices after the units in the fleet, in lei, the minimum days and 'preț la cerere'", async () => {
    const machine = await pricedMachine(PRICES);
    const sheet = sheetOf(await exported(machine), machine);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(-8)).toEqual(["Unitati in flota", ...PRICE_HEADERS]);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row.slice(-7)).toEqual([450, 2500, undefined, 1000, undefined, 2, "nu"]);
  });
});

describe("the import", () => {
  it("changes what the cells change, keeps what an empty cell leaves, and writes it on commit", async () => {
    const machine = await pricedMachine(PRICES);
    const workbook = await exported(machine);
    const sheet = sheetOf(workbook, machine);
    sheet.getCell(2, columnOf(sheet, "Tarif luna")).value = 8000.5;
    sheet.getCell(2, columnOf(sheet, "Operator pe zi")).value = "300,25";
    sheet.getCell(2, columnOf(sheet, "Tarif zi")).value = null;
    sheet.getCell(2, columnOf(sheet, "Pret la cerere")).value = "DA";
    const preview = await json<ImportPreview>(await send("preview", workbook), 200);
    const row = preview.rows.find((item) => item.uuid === machine.uuid);
    expect(row?.kind).toBe("changed");
    expect(row?.changes).toEqual([
      { field: "Tarif luna", old: "", new: "8000.5" },
      { field: "Operator pe zi", old: "", new: "300.25" },
      { field: "Pret la cerere", old: "nu", new: "da" },
    ]);
    expect(await json<ImportSummary>(await send("commit", workbook), 200)).toMatchObject({ changed: 1 });
    expect(await stored(machine)).toEqual({ ...PRICES, month: 800_050, operator_day: 30_025, on_request: true });
  });

  it("finds nothing to change in a sheet exported as it is", async () => {
    const machine = await pricedMachine(PRICES);
    const preview = await json<ImportPreview>(await send("preview", await exported(machine)), 200);
    expect(preview.rows.find((item) => item.uuid === machine.uuid)?.kind).toBe("unchanged");
  });

  it("refuses each bad amount at its cell with the price code and its message, and the commit writes nothing", async () => {
    const cases: [string, ExcelJS.CellValue, string][] = [
      ["Tarif zi", -5, "PRICE_AMOUNT_NEGATIVE"],
      ["Tarif zi", "-5", "PRICE_AMOUNT_NEGATIVE"],
      ["Garantie", 12.345, "PRICE_AMOUNT_NOT_WHOLE"],
      ["Garantie", "12,345", "PRICE_AMOUNT_NOT_WHOLE"],
      ["Tarif saptamana", "doua mii", "INVALID_PRICE_AMOUNT"],
      ["Tarif saptamana", "<script>alert(1)</script>", "INVALID_PRICE_AMOUNT"],
      ["Tarif luna", 20_000_000, "PRICE_AMOUNT_TOO_LARGE"],
      ["Zile minime", 0, "PRICE_MINIMUM_DAYS_OUT_OF_RANGE"],
      ["Zile minime", "doua", "PRICE_MINIMUM_DAYS_OUT_OF_RANGE"],
      ["Pret la cerere", "poate", "INVALID_PRICE_ON_REQUEST"],
    ];
    const machine = await pricedMachine(PRICES);
    for (const [header, value, code] of cases) {
      const workbook = await exported(machine);
      const sheet = sheetOf(workbook, machine);
      const column = columnOf(sheet, header);
      sheet.getCell(2, column).value = value;
      const preview = await json<ImportPreview>(await send("preview", workbook), 200);
      const row = preview.rows.find((item) => item.uuid === machine.uuid);
      expect(row?.kind, `${header} ${String(value)}`).toBe("refused");
      expect(row?.refusals, `${header} ${String(value)}`).toEqual([
        { cell: `${machine.category}!${sheet.getColumn(column).letter}2`, code, message: errorMessage(code as never) },
      ]);
      expect(await json(await send("commit", workbook), 400)).toMatchObject({ error: { code: "IMPORT_ROWS_REFUSED" } });
    }
    expect(await stored(machine)).toEqual(PRICES);
  });

  it("refuses a week rate for a machine left without a day rate, at the week's cell", async () => {
    const machine = await pricedMachine(undefined);
    const workbook = await exported(machine);
    const sheet = sheetOf(workbook, machine);
    const column = columnOf(sheet, "Tarif saptamana");
    sheet.getCell(2, column).value = 2500;
    const row = (await json<ImportPreview>(await send("preview", workbook), 200)).rows.find(
      (item) => item.uuid === machine.uuid,
    );
    expect(row?.refusals.map(({ cell, code }) => [cell, code])).toEqual([
      [`${machine.category}!${sheet.getColumn(column).letter}2`, "PRICE_RATE_WITHOUT_DAY_RATE"],
    ]);
  });
});
