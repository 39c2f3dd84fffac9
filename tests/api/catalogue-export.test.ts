import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createProduct, json, productBody } from "../helpers/catalogue-api.ts";
import { zipEntries } from "../helpers/zip-entries.ts";

/**
 * The catalogue's export over real HTTP, on either database (TEST_DIALECT): the workbook read back by
 * exceljs and by a second reader (LibreOffice when installed, else the sheet's own XML read from the
 * ZIP), the CSV of a category and the ZIP of CSVs, formula-safe texts, and the call's refusals.
 */

const admin = withAdminServer();

const SPECIFICATIONS = [
  { name: "Masă operațională", name_en: "Operating weight", kind: "number", unit: "kg" },
  { name: "Adâncime de săpare", name_en: "Digging depth", kind: "number", unit: "m" },
  {
    name: "Tren de rulare",
    name_en: "Undercarriage",
    kind: "choice",
    options: [
      { name: "Șenile", name_en: "Tracks" },
      { name: "Roți", name_en: "Wheels" },
    ],
  },
  { name: "Aer condiționat", name_en: "Air conditioning", kind: "yes_no" },
  { name: "Motor", name_en: "Engine", kind: "text" },
];

const LONG_NAME = "Excavatoare pe senile de mare capacitate";

let excavators: CategoryView;
let other: CategoryView;
let machine: ProductView;

async function download(query: string): Promise<Response> {
  return admin.server.fetch(`/api/catalogue/export${query}`, { headers: { Authorization: `Bearer ${admin.token}` } });
}

async function fileOf(query: string, type: string): Promise<Buffer> {
  const response = await download(query);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("content-type")).toContain(type);
  return Buffer.from(await response.arrayBuffer());
}

async function workbookOf(file: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  return workbook;
}

function rowValues(sheet: ExcelJS.Worksheet, row: number): unknown[] {
  const values = sheet.getRow(row).values;
  return Array.isArray(values) ? values.slice(1) : [];
}

beforeAll(async () => {
  excavators = await json<CategoryView>(
    await admin.call("POST", "/api/category/create", { name: LONG_NAME, specifications: SPECIFICATIONS }),
    201,
  );
  other = await json<CategoryView>(await admin.call("POST", "/api/category/create", { name: `${LONG_NAME} 2` }), 201);
  const [weight, depth, undercarriage, air, engine] = excavators.specifications;
  machine = await createProduct(admin.server, admin.token, {
    ...(await productBody(excavators.name, "CAT 320 GC")),
    header_offer: '<p>=HYPERLINK("http://evil","x")</p><p>Închiriere zilnică</p>',
    details: "<ul><li>Cupă 1,2 m³</li><li>Ciocan</li></ul><p>Livrare în județ</p>",
    technical_data: "<table><tr><td>Greutate</td><td>22 t</td></tr></table>",
    details_en: "<p>Daily rental</p>",
    ...{
      specifications: {
        [weight.uuid]: 22500.5,
        [depth.uuid]: 6.72,
        [undercarriage.uuid]: undercarriage.options[0].uuid,
        [air.uuid]: true,
        [engine.uuid]: { ro: "@SUM(A1) Cat C7.1", en: "Cat engine" },
      },
    },
  } as Parameters<typeof createProduct>[2]);
  await createProduct(admin.server, admin.token, await productBody(other.name, "Bobcat E10"));
});

describe("the workbook", () => {
  it("has a read-me, a sheet per category with distinct names of at most 31 characters, and a note", async () => {
    const workbook = await workbookOf(await fileOf("", "spreadsheetml"));
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names[0]).toBe("Citiți-mă");
    expect(names.at(-1)).toBe("Note");
    const first = LONG_NAME.slice(0, 31).trim();
    expect(names).toContain(first);
    expect(names).toContain(`${LONG_NAME.slice(0, 27).trim()} (2)`);
    expect(names.every((name) => name.length <= 31)).toBe(true);
  });

  it("writes a machine's row: numbers as numbers, choices by name, da/nu, texts readable and formula-safe", async () => {
    const workbook = await workbookOf(await fileOf(`?category=${excavators.uuid}`, "spreadsheetml"));
    const sheet = workbook.getWorksheet(LONG_NAME.slice(0, 31).trim());
    if (!sheet) throw new Error("no sheet for the category");
    expect(rowValues(sheet, 1)).toEqual([
      "id",
      "Categorie",
      "Model",
      "Antet Oferta",
      "Antet Oferta [EN]",
      "Detalii",
      "Detalii [EN]",
      "Date tehnice",
      "Date tehnice [EN]",
      "Masă operațională (kg)",
      "Adâncime de săpare (m)",
      "Tren de rulare",
      "Aer condiționat",
      "Motor",
      "Motor [EN]",
      "Unitati in flota",
      // The prices (decision 093), after the units so the columns before keep their letters.
      "Tarif zi",
      "Tarif saptamana",
      "Tarif luna",
      "Garantie",
      "Operator pe zi",
      "Zile minime",
      "Pret la cerere",
    ]);
    const row = rowValues(sheet, 2);
    expect(row.slice(0, 9)).toEqual([
      machine.uuid,
      LONG_NAME,
      "CAT 320 GC",
      '\'=HYPERLINK("http://evil","x")\n\nÎnchiriere zilnică',
      undefined,
      "'- Cupă 1,2 m³\n- Ciocan\n\nLivrare în județ",
      "Daily rental",
      "Greutate | 22 t",
      undefined,
    ]);
    expect(row.slice(9)).toEqual([
      22500.5,
      6.72,
      "Șenile",
      "da",
      "'@SUM(A1) Cat C7.1",
      "Cat engine",
      1,
      ...Array<undefined>(6).fill(undefined),
      "nu",
    ]);
    expect(sheet.getCell("J2").type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getColumn(4).width).toBeGreaterThanOrEqual("Închiriere zilnică".length);
  });

  it("is read the same by a second reader: numbers as numbers, diacritics right", async () => {
    const sheet = await secondReaderSheet(await fileOf(`?category=${excavators.uuid}`, "spreadsheetml"));
    expect(sheet).toContain('"Masă operațională (kg)","Adâncime de săpare (m)","Tren de rulare"');
    expect(sheet).toContain(',22500.5,6.72,"Șenile","da",');
  });
});

/**
 * The category's sheet (the second, after the read-me) as a second program reads it, as CSV with its
 * texts quoted and its numbers bare: LibreOffice's conversion where it is installed; otherwise the
 * sheet's own XML read from the ZIP (a cell with a type is a text, one without a number).
 */
async function secondReaderSheet(file: Buffer): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), "export-"));
  try {
    const workbook = join(directory, "catalog.xlsx");
    await writeFile(workbook, file);
    // Comma, double quote, UTF-8, from line 1, standard cells, no language, every text quoted, …, sheet 2.
    const filter = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,true,false,false,false,2";
    try {
      await promisify(execFile)(
        "libreoffice",
        ["--headless", "--convert-to", filter, "--outdir", directory, workbook],
        {
          timeout: 60_000,
        },
      );
      return await readFile(join(directory, "catalog.csv"), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const xml = (await zipEntries(file)).get("xl/worksheets/sheet2.xml")?.toString("utf8") ?? "";
    return [...xml.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)]
      .map(([, cells]) =>
        [...cells.matchAll(/<c ([^>]*)>([\s\S]*?)<\/c>/g)]
          .map(([, attributes, content]) => {
            const text = content.replace(/<[^>]+>/g, "");
            return attributes.includes(' t="') ? `"${text}"` : text;
          })
          .join(","),
      )
      .join("\n");
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

describe("the CSV", () => {
  it("of a category: UTF-8 with a byte-order mark, the workbook's columns, formula-safe texts", async () => {
    const file = await fileOf(`?format=csv&category=${excavators.uuid}`, "text/csv");
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(file.toString("utf8").slice(1)) as string[][];
    expect(rows[0][9]).toBe("Masă operațională (kg)");
    expect(rows[1].slice(9)).toEqual([
      "22500.5",
      "6.72",
      "Șenile",
      "da",
      "'@SUM(A1) Cat C7.1",
      "Cat engine",
      "1",
      ...Array<string>(6).fill(""),
      "nu",
    ]);
    expect(rows[1][3].startsWith("'=HYPERLINK")).toBe(true);
  });

  it("of a category with diacritics in its name: the download named as typed, and in ASCII for old clients", async () => {
    const loaders = await json<CategoryView>(
      await admin.call("POST", "/api/category/create", { name: "Încărcătoare frontale" }),
      201,
    );
    const response = await download(`?format=csv&category=${loaders.uuid}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="catalog-incarcatoare-frontale-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''catalog-%C3%AEnc%C4%83rc%C4%83toare-frontale-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    // Out of the other tests' whole catalogue.
    expect((await admin.call("DELETE", `/api/category/${loaders.uuid}`)).status).toBe(204);
  });

  it("of the whole catalogue: a ZIP of one CSV per category, named by its slug", async () => {
    const entries = await zipEntries(await fileOf("?format=csv", "application/zip"));
    expect([...entries.keys()].sort()).toEqual([`${excavators.slug}.csv`, `${other.slug}.csv`].sort());
    const rows = parse(entries.get(`${other.slug}.csv`)?.toString("utf8").slice(1) ?? "") as string[][];
    expect(rows.map((row) => row[2])).toEqual(["Model", "Bobcat E10"]);
  });
});

describe("the ZIP with the pictures", () => {
  it("holds the workbook and each machine's pictures as uploaded, the header first", async () => {
    const entries = await zipEntries(await fileOf(`?format=zip&category=${excavators.uuid}`, "application/zip"));
    expect([...entries.keys()]).toEqual([
      "catalog.xlsx",
      `${machine.slug}/01-antet.png`,
      `${machine.slug}/02-galerie.png`,
    ]);
    const picture = entries.get(`${machine.slug}/01-antet.png`) ?? Buffer.alloc(0);
    expect([...picture.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const workbook = await workbookOf(entries.get("catalog.xlsx") ?? Buffer.alloc(0));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "Citiți-mă",
      LONG_NAME.slice(0, 31).trim(),
      "Note",
    ]);
  });
});

describe("the call's refusals", () => {
  it("needs the administrator", async () => {
    expect((await admin.server.fetch("/api/catalogue/export")).status).toBe(401);
  });

  it("makes two downloads at once, each whole", async () => {
    const [first, second] = await Promise.all([fileOf("", "spreadsheetml"), fileOf("", "spreadsheetml")]);
    const names = async (file: Buffer) => (await workbookOf(file)).worksheets.map((sheet) => sheet.name);
    expect(await names(first)).toEqual(await names(second));
    expect((await workbookOf(first)).getWorksheet(LONG_NAME.slice(0, 31).trim())?.rowCount).toBe(2);
  });

  it("refuses a 10 000-character category as any other id that is not one", async () => {
    const response = await download(`?category=${"x".repeat(10_000)}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("INVALID_CATALOGUE_EXPORT_CATEGORY");
  });

  it.each([
    ["?format=pdf", 400, "INVALID_CATALOGUE_EXPORT_FORMAT"],
    ["?format=zip&category=x", 400, "INVALID_CATALOGUE_EXPORT_CATEGORY"],
    ["?category=x", 400, "INVALID_CATALOGUE_EXPORT_CATEGORY"],
    ["?category=00000000-0000-4000-8000-000000000000", 404, "ERROR_GET_CATEGORY"],
  ])("%s → %i %s", async (query, status, code) => {
    const response = await download(query);
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(code);
  });
});
