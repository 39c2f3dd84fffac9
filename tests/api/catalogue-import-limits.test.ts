import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { buffer } from "node:stream/consumers";
import { ZipFile } from "yazl";
import type { ImportPreview } from "../../common/catalogue/catalogue-import.ts";
import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createProduct, json, productBody } from "../helpers/catalogue-api.ts";

/**
 * The import's bounds found by a review (decision 079), over real HTTP on either database: a row
 * too wide refused before it is built, the 5 000 rows counted over all the sheets, and categories
 * whose names differ only by their diacritics never taken for one another.
 */

const admin = withAdminServer();

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const WITH = "Încărcătoare frontale";
const WITHOUT = "Incarcatoare frontale";

let withDiacritics: CategoryView;

function preview(body: Buffer | string, type: string): Promise<Response> {
  return admin.server.fetch("/api/catalogue/import/preview", {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": type },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
}

async function refusedWith(body: Buffer | string, type: string, code: string): Promise<void> {
  const response = await preview(body, type);
  const text = await response.text();
  expect(response.status, text).toBe(400);
  expect(text).toContain(code);
}

async function exportedCsv(category: CategoryView): Promise<string> {
  const response = await admin.server.fetch(`/api/catalogue/export?format=csv&category=${category.uuid}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  withDiacritics = await json<CategoryView>(await admin.call("POST", "/api/category/create", { name: WITH }), 201);
  await json<CategoryView>(await admin.call("POST", "/api/category/create", { name: WITHOUT }), 201);
  await createProduct(admin.server, admin.token, await productBody(WITH, "Volvo L60"));
  await createProduct(admin.server, admin.token, await productBody(WITHOUT, "Volvo L70"));
});

describe("categories whose names differ only by their diacritics", () => {
  it("are each matched by their exact name, and a name that could be either is refused as ambiguous", async () => {
    const csv = await exportedCsv(withDiacritics);
    const exact = await json<ImportPreview>(await preview(csv, "text/csv"), 200);
    expect(exact.counts).toEqual({ new: 0, changed: 0, unchanged: 1, refused: 0 });
    const halfway = await json<ImportPreview>(
      await preview(csv.replace(`"${WITH}"`, '"Incărcătoare FRONTALE"'), "text/csv"),
      200,
    );
    expect(halfway.rows[0].refusals.map(({ cell, code }) => `${cell} ${code}`)).toEqual([
      "CSV!B2 IMPORT_CATEGORY_AMBIGUOUS",
    ]);
  });
});

describe("a row too wide", () => {
  it("is refused in a CSV as its text arrives, quoted commas aside", async () => {
    const csv = await exportedCsv(withDiacritics);
    await refusedWith(`${csv}${",".repeat(2_000_000)}\r\n`, "text/csv", "IMPORT_TOO_MANY_COLUMNS");
    // Commas inside a quoted cell are its text: the row stays as wide as it was.
    const quoted = csv.replace(/\r\n$/, `,"${",".repeat(500)}"\r\n`);
    expect((await preview(quoted, "text/csv")).status).toBe(200);
    // Lines ended by CR alone (an old Mac's CSV): each row counted on its own, not as one long line.
    const header = csv.split("\r\n")[0] ?? "";
    const rows = Array.from({ length: 12 }, () => header.replace(/[^,]/g, "")).join("\r");
    expect(`${header}\r${rows}`.split(",").length).toBeGreaterThan(80);
    const classic = await preview(`${header}\r${rows}\r`, "text/csv");
    expect(await classic.text()).not.toContain("IMPORT_TOO_MANY_COLUMNS");
  });

  it("is refused in a workbook: a row past the columns an export has, or sheets of more cells than rows can hold", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(WITH);
    sheet.addRow(["id", "Categorie", "Model"]);
    sheet.getCell(2, 200).value = "prea departe";
    await refusedWith(Buffer.from(await workbook.xlsx.writeBuffer()), XLSX_TYPE, "IMPORT_TOO_MANY_COLUMNS");
    // Cells counted as the ZIP is copied, before exceljs builds any of them.
    const zip = new ZipFile();
    const cells = Array.from({ length: 500_000 }, (_, index) => `<c r="A${index}"/>`).join("");
    zip.addBuffer(Buffer.from(`<row>${cells}</row>`), "xl/worksheets/sheet1.xml");
    zip.end();
    await refusedWith(await buffer(zip.outputStream), XLSX_TYPE, "IMPORT_TOO_MANY_COLUMNS");
  });
});

describe("the 5 000 rows", () => {
  it("are counted over all the sheets of a workbook", async () => {
    const workbook = new ExcelJS.Workbook();
    for (const name of [WITH, WITHOUT]) {
      const sheet = workbook.addWorksheet(name);
      sheet.addRow(["id", "Categorie", "Model"]);
      // Empty rows count by their number, as one sheet's do.
      sheet.getCell("A2601").value = " ";
    }
    await refusedWith(Buffer.from(await workbook.xlsx.writeBuffer()), XLSX_TYPE, "IMPORT_TOO_MANY_ROWS");
  });
});
