import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { ZipFile } from "yazl";
import { buffer } from "node:stream/consumers";
import type { ImportPreview, ImportSummary } from "../../common/catalogue/catalogue-import.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createProduct, json, productBody } from "../helpers/catalogue-api.ts";

/**
 * The import's dry run over real HTTP, on either database (TEST_DIALECT): an export previewed back
 * unchanged, a changed figure and an English text found with their old and new values, refusals
 * with their cells and the form's codes, bad files refused with their codes, and nothing written;
 * then the commit: all or nothing, seen on the public pages of both languages.
 */

const admin = withAdminServer({}, productionSite);

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const CATEGORY = "Excavatoare import";

let category: CategoryView;
let machine: ProductView;

async function exported(format: "xlsx" | "csv"): Promise<Buffer> {
  const response = await admin.server.fetch(`/api/catalogue/export?format=${format}&category=${category.uuid}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

function preview(body: Buffer | string, type: string, step: "preview" | "commit" = "preview"): Promise<Response> {
  return admin.server.fetch(`/api/catalogue/import/${step}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": type },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
}

async function previewed(body: Buffer | string, type = XLSX_TYPE): Promise<ImportPreview> {
  return json<ImportPreview>(await preview(body, type), 200);
}

async function refusedWith(body: Buffer | string, type: string, status: number, code: string): Promise<void> {
  const response = await preview(body, type);
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(text).toContain(code);
}

/** The category's sheet of an exported workbook, changed by `edit`, written back. */
async function edited(edit: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await exported("xlsx")) as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet(CATEGORY);
  if (!sheet) throw new Error("no sheet for the category");
  edit(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries))
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  return buffer(zip.outputStream);
}

beforeAll(async () => {
  category = await json<CategoryView>(
    await admin.call("POST", "/api/category/create", {
      name: CATEGORY,
      specifications: [
        { name: "Masă operațională", name_en: "Operating weight", kind: "number", unit: "kg" },
        {
          name: "Tren de rulare",
          kind: "choice",
          options: [
            { name: "Șenile", name_en: "Tracks" },
            { name: "Roți", name_en: "Wheels" },
          ],
        },
      ],
    }),
    201,
  );
  const [weight, undercarriage] = category.specifications;
  machine = await createProduct(admin.server, admin.token, {
    ...(await productBody(CATEGORY, "CAT 320 GC")),
    details: "<ul><li>Cupă</li></ul><p><strong>Livrare</strong> în județ</p>",
    ...{ specifications: { [weight.uuid]: 22500, [undercarriage.uuid]: undercarriage.options[0].uuid } },
  } as Parameters<typeof createProduct>[2]);
});

describe("an export previewed back", () => {
  it.each(["xlsx", "csv"] as const)("unchanged as %s: no row would change", async (format) => {
    const result = await previewed(await exported(format), format === "xlsx" ? XLSX_TYPE : "text/csv");
    expect(result.counts).toEqual({ new: 0, changed: 0, unchanged: 1, refused: 0 });
    expect(result.rows[0]).toMatchObject({ kind: "unchanged", uuid: machine.uuid, model: "CAT 320 GC" });
  });

  it("finds a changed figure and an English text, old and new, and writes nothing", async () => {
    const file = await edited((sheet) => {
      sheet.getCell("J2").value = "23.000 kg";
      sheet.getCell("E2").value = "Daily rental";
    });
    const result = await previewed(file);
    expect(result.rows).toEqual([
      {
        sheet: CATEGORY,
        row: 2,
        kind: "changed",
        model: "CAT 320 GC",
        uuid: machine.uuid,
        changes: [
          { field: "Antet Oferta [EN]", old: "", new: "Daily rental" },
          { field: "Masă operațională (kg)", old: "22500", new: "23000" },
        ],
        refusals: [],
      },
    ]);
    const [stored] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${machine.uuid}`), 200);
    expect(stored.specifications[category.specifications[0].uuid]).toBe(22500);
    expect(stored.header_offer_en).toBe("");
  });

  it("refuses cells with the product form's codes and messages, each at its address", async () => {
    const file = await edited((sheet) => {
      sheet.getCell("J2").value = "douăzeci";
      sheet.getCell("K2").value = "Pernă de aer";
      sheet.getCell("C3").value = "CAT 330";
      sheet.getCell("B3").value = CATEGORY;
      sheet.getCell("D3").value = '=HYPERLINK("http://rau")';
    });
    const result = await previewed(file);
    expect(result.counts).toEqual({ new: 0, changed: 0, unchanged: 0, refused: 2 });
    expect(result.rows[0].refusals).toEqual([
      {
        cell: `${CATEGORY}!J2`,
        code: "INVALID_PRODUCT_SPECIFICATION_NUMBER",
        message: "Valoarea trebuie sa fie un numar, cu cel mult 3 zecimale",
      },
      {
        cell: `${CATEGORY}!K2`,
        code: "UNKNOWN_PRODUCT_SPECIFICATION_OPTION",
        message: "Optiunea aleasa nu exista. Reincarcati pagina.",
      },
    ]);
    expect(result.rows[1].refusals.map(({ cell, code }) => `${cell} ${code}`)).toEqual([
      `${CATEGORY}!D3 IMPORT_CELL_FORMULA`,
      // A new machine needs its pictures (a workbook brings none: decision 079) and the form's texts.
      `${CATEGORY}!C3 REQUIRED_PRODUCT_HEADER_PHOTO`,
      `${CATEGORY}!F3 REQUIRED_PRODUCT_DETAILS`,
      `${CATEGORY}!H3 REQUIRED_PRODUCT_TECHNICAL_DATA`,
    ]);
  });
});

describe("bad files", () => {
  it("refuses a workbook with macros, external links, a path that climbs out, or a ZIP bomb", async () => {
    await refusedWith(await zipOf({ "xl/vbaProject.bin": "macro" }), XLSX_TYPE, 400, "IMPORT_FILE_MACROS");
    await refusedWith(
      await zipOf({ "xl/externalLinks/externalLink1.xml": "<externalLink/>" }),
      XLSX_TYPE,
      400,
      "IMPORT_FILE_EXTERNAL_LINKS",
    );
    // The same bytes as a safe name, then renamed in the ZIP's headers to climb out.
    const climbing = Buffer.from(
      (await zipOf({ "xx/evil.xml": "x" })).toString("latin1").replaceAll("xx/evil.xml", "../evil.xml"),
      "latin1",
    );
    await refusedWith(climbing, XLSX_TYPE, 400, "IMPORT_FILE_UNREADABLE");
    await refusedWith(
      await zipOf({ "xl/worksheets/sheet1.xml": Buffer.alloc(30 * 1024 * 1024) }),
      XLSX_TYPE,
      400,
      "IMPORT_FILE_ZIP_BOMB",
    );
    await refusedWith(Buffer.from("not a zip"), XLSX_TYPE, 400, "IMPORT_FILE_UNREADABLE");
    // An entry that declares 100 bytes in the central directory and inflates to 50 000.
    const lying = await zipOf({ "xl/worksheets/sheet1.xml": "a".repeat(50_000) });
    const central = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(100, central + 24);
    await refusedWith(lying, XLSX_TYPE, 400, "IMPORT_FILE_ZIP_BOMB");
  });

  it("refuses a sheet whose rows run to 1 000 000", async () => {
    const file = await edited((sheet) => {
      sheet.getCell("A1000000").value = " ";
    });
    await refusedWith(file, XLSX_TYPE, 400, "IMPORT_TOO_MANY_ROWS");
    // Rows counted as the ZIP is copied, before exceljs builds any of them.
    const rows = await zipOf({ "xl/worksheets/sheet1.xml": "<row/>".repeat(6100) });
    await refusedWith(rows, XLSX_TYPE, 400, "IMPORT_TOO_MANY_ROWS");
  });

  it("refuses a CSV in another encoding, and a formula in a CSV's cell", async () => {
    const csv = (await exported("csv")).toString("utf8");
    await refusedWith(
      Buffer.from([0x22, 0x69, 0x64, 0x22, 0x2c, 0xba, 0x0d, 0x0a]),
      "text/csv",
      400,
      "IMPORT_CSV_ENCODING",
    );
    const result = await previewed(csv.replace('"CAT 320 GC"', '"=1+1"'), "text/csv");
    expect(result.rows[0].refusals.map(({ cell, code }) => `${cell} ${code}`)).toContain("CSV!C2 IMPORT_CELL_FORMULA");
  });

  it("refuses a file over 20 MB with its own code, a file of another type, a ZIP without sheets", async () => {
    await refusedWith(Buffer.alloc(21 * 1024 * 1024, 0x41), "text/csv", 413, "IMPORT_FILE_TOO_LARGE");
    // Sent without a length, in chunks: refused as the count crosses 20 MB.
    const chunk = new Uint8Array(1024 * 1024).fill(0x41);
    let sent = 0;
    const chunked = await admin.server.fetch("/api/catalogue/import/preview", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "text/csv" },
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          if ((sent += 1) > 25) controller.close();
          else controller.enqueue(chunk);
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    // The rest of the body is left unread: the connection is not offered for the next call.
    expect(chunked.headers.get("Connection")).toBe("close");
    expect(await chunked.text()).toContain("IMPORT_FILE_TOO_LARGE");
    await refusedWith("x", "application/pdf", 415, "IMPORT_FILE_TYPE");
    await refusedWith(await zipOf({ "a.txt": "a" }), XLSX_TYPE, 400, "IMPORT_NO_SHEET");
  });
});

describe("the commit", () => {
  const committed = async (body: Buffer | string, type = XLSX_TYPE) =>
    json<ImportSummary>(await preview(body, type, "commit"), 200);
  const stored = async (uuid: string) =>
    (await json<ProductView[]>(await admin.server.fetch(`/api/product/${uuid}`), 200))[0];
  const page = async (product: ProductView, english: boolean) => {
    const response = await admin.server.fetch(
      `/categorie/${category.slug}/utilaj/${product.slug}${english ? "?lang=en" : ""}`,
    );
    expect(response.status).toBe(200);
    return response.text();
  };
  /** The sheet's row holding `model`. */
  const rowOf = (sheet: ExcelJS.Worksheet, model: string): number => {
    const found = sheet.getColumn("C").values.findIndex((value) => value === model);
    if (found < 0) throw new Error(`no row for ${model}`);
    return found;
  };

  it.each(["xlsx", "csv"] as const)("of an unchanged export as %s writes nothing", async (format) => {
    const before = await stored(machine.uuid);
    expect(await committed(await exported(format), format === "xlsx" ? XLSX_TYPE : "text/csv")).toEqual({
      created: 0,
      changed: 0,
      unchanged: 1,
    });
    expect((await stored(machine.uuid)).version).toBe(before.version);
  });

  it("writes a changed figure and an English text, seen on the public pages of both languages", async () => {
    // Cached first: the commit must renew both languages' pages.
    expect(await page(machine, false)).toContain("22.500");
    expect(await page(machine, true)).toContain("22,500");
    const file = await edited((sheet) => {
      sheet.getCell("J2").value = 23000;
      sheet.getCell("E2").value = "Daily rental <script>alert(1)</script>";
    });
    expect(await committed(file)).toEqual({ created: 0, changed: 1, unchanged: 0 });
    const after = await stored(machine.uuid);
    expect(after.specifications[category.specifications[0].uuid]).toBe(23000);
    expect(after.header_offer_en).not.toContain("<script");
    expect(after.details).toBe(machine.details);
    const romanian = await page(after, false);
    expect(romanian).toContain("23.000");
    expect(romanian).not.toContain("Daily rental");
    const english = await page(after, true);
    expect(english).toContain("23,000");
    expect(english).toContain("Daily rental");
    expect(english).not.toContain("<script>alert(1)");
    // Exported again, the catalogue answers as it was committed.
    expect(await committed(await exported("xlsx"))).toEqual({ created: 0, changed: 0, unchanged: 1 });
    // The import that changed something is one entry of the activity log; the one that changed nothing is none.
    const imports = await admin.server.services.db
      .selectFrom("activity_log")
      .select(["kind", "item_name", "summary"])
      .where("action", "=", "import")
      .execute();
    expect(imports).toEqual([
      { kind: "product", item_name: "Import din foaie de calcul", summary: "0 create, 1 modificate, 0 neschimbate" },
    ]);
  });

  it("writes nothing when one row is refused", async () => {
    const other = await createProduct(admin.server, admin.token, await productBody(CATEGORY, "CAT 330 GC"));
    const before = [await stored(machine.uuid), await stored(other.uuid)];
    const file = await edited((sheet) => {
      sheet.getCell(`J${rowOf(sheet, "CAT 320 GC")}`).value = 24000;
      sheet.getCell(`J${rowOf(sheet, "CAT 330 GC")}`).value = "douăzeci";
    });
    const response = await preview(file, XLSX_TYPE, "commit");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("IMPORT_ROWS_REFUSED");
    expect([await stored(machine.uuid), await stored(other.uuid)]).toEqual(before);
  });

  it("refuses two machines renamed to one new model, which the commit could not write", async () => {
    const file = await edited((sheet) => {
      sheet.getCell(`C${rowOf(sheet, "CAT 320 GC")}`).value = "CAT 340";
      sheet.getCell(`C${rowOf(sheet, "CAT 330 GC")}`).value = "cat-340";
    });
    const result = await previewed(file);
    expect(result.counts).toMatchObject({ changed: 1, refused: 1 });
    expect(result.rows.flatMap((row) => row.refusals.map(({ code }) => code))).toEqual(["ERROR_PRODUCT_EXIST"]);
  });

  it("commits the same file twice at once: written once, the other finds it done or refused", async () => {
    const before = await stored(machine.uuid);
    const file = await edited((sheet) => {
      sheet.getCell(`J${rowOf(sheet, "CAT 320 GC")}`).value = 25000;
    });
    const answers = await Promise.all([1, 2].map(() => preview(file, XLSX_TYPE, "commit")));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    for (const [index, answer] of answers.entries()) {
      if (answer.status === 409) expect(bodies[index]).toContain("ERROR_EDIT_CONFLICT");
      else expect(answer.status, bodies[index]).toBe(200);
    }
    expect(bodies.filter((body) => body.includes('"changed":1'))).toHaveLength(1);
    const after = await stored(machine.uuid);
    expect(after.specifications[category.specifications[0].uuid]).toBe(25000);
    expect(after.version).toBe(before.version + 1);
  });
});
