import path from "node:path";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImportPreview } from "../../common/catalogue/catalogue-import.ts";
import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { workJob } from "../../server/work/work-pool.ts";
import type * as Jobs from "../fixtures/work-jobs.ts";
import { withAdminServer, type AdminServer } from "../helpers/admin-server.ts";
import { createProduct, json, productBody } from "../helpers/catalogue-api.ts";
import { headerlessCsvZip, packableText, zipOf } from "../helpers/hostile-files.ts";
import { zipEntries } from "../helpers/zip-entries.ts";

/**
 * The import's one budget and its reading in a child of its own (decisions 067, 076), over real
 * HTTP on either database, with the files an attacker's read sent, made here: a ZIP of header-less
 * CSVs, a workbook whose shared strings unpack past the budget, a 30 MB cell and a 3 MB one; the child killed,
 * overdue or busy answers an error, and the server goes on.
 */

const admin = withAdminServer({ LOG_LEVEL: "silent" });

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const CATEGORY = "Excavatoare buget";
const MB = 1024 * 1024;

let category: CategoryView;

function preview(server: AdminServer, body: Buffer | string, type: string): Promise<Response> {
  return server.server.fetch("/api/catalogue/import/preview", {
    method: "POST",
    headers: { Authorization: `Bearer ${server.token}`, "Content-Type": type },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
}

async function refusedWith(body: Buffer | string, type: string, status: number, code: string): Promise<void> {
  const response = await preview(admin, body, type);
  const text = await response.text();
  expect(response.status, text.slice(0, 500)).toBe(status);
  expect(JSON.parse(text)).toMatchObject({ error: { code } });
}

/** The category's exported workbook with its first machine's Detalii cell set to `details`. */
async function workbookWithDetails(details: string): Promise<Buffer> {
  const response = await admin.server.fetch(`/api/catalogue/export?format=xlsx&category=${category.uuid}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet(CATEGORY);
  if (!sheet) throw new Error("no sheet for the category");
  const column = (sheet.getRow(1).values as unknown[]).indexOf("Detalii");
  sheet.getCell(2, column).value = details;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

beforeAll(async () => {
  category = await json<CategoryView>(await admin.call("POST", "/api/category/create", { name: CATEGORY }), 201);
  await createProduct(admin.server, admin.token, await productBody(CATEGORY, "Volvo EC220"));
});

describe("a ZIP's root CSVs", () => {
  it("are refused past the packing ratio before one is read, headers or none", async () => {
    // Ten CSVs of one row of 80 fields of 25 000 characters: 20 MB that pack to a few KB.
    await refusedWith(await headerlessCsvZip(10, 1, 80, 25_000), "application/zip", 400, "IMPORT_FILE_ZIP_BOMB");
  });

  it("are refused past the sheets' unpacked bytes in all, each within the file's 20 MB", async () => {
    const csv = packableText(18 * MB);
    const zip = await zipOf({ "a.csv": csv, "b.csv": csv, "c.csv": csv, "d.csv": csv });
    await refusedWith(zip, "application/zip", 400, "IMPORT_FILE_ZIP_BOMB");
  });

  it("count their rows though the preview skips them for lack of the export's headers", async () => {
    await refusedWith(await headerlessCsvZip(7, 1000, 2, 1), "application/zip", 400, "IMPORT_TOO_MANY_ROWS");
  });
});

describe("a workbook", () => {
  it("whose shared strings unpack past the budget is refused before exceljs reads it", async () => {
    const entries = await zipEntries(await workbookWithDetails("Detalii"));
    const strings = entries.get("xl/sharedStrings.xml")?.toString() ?? "";
    const padded = strings.replace("</sst>", `<si><t>${packableText(70 * MB)}</t></si></sst>`);
    entries.set("xl/sharedStrings.xml", Buffer.from(padded));
    const file = await zipOf(Object.fromEntries([...entries].filter(([name]) => !name.endsWith("/"))));
    expect(file.length).toBeLessThan(20 * MB);
    await refusedWith(file, XLSX_TYPE, 400, "IMPORT_FILE_ZIP_BOMB");
  });

  it("with a 30 MB cell is refused by the budget; a 3 MB cell by the field's code, echoed as a short marked excerpt", async () => {
    await refusedWith(await workbookWithDetails(packableText(30 * MB)), XLSX_TYPE, 400, "IMPORT_FILE_ZIP_BOMB");
    const response = await preview(admin, await workbookWithDetails(packableText(3 * MB)), XLSX_TYPE);
    const text = await response.text();
    expect(response.status, text.slice(0, 500)).toBe(200);
    expect(text.length).toBeLessThan(20_000);
    const { rows } = JSON.parse(text) as ImportPreview;
    expect(rows[0].refusals.map(({ code }) => code)).toEqual(["INVALID_PRODUCT_DETAILS"]);
    const details = rows[0].changes.find(({ field }) => field === "Detalii");
    expect(details?.new).toMatch(/^\S.{199}… \[primele 200 de caractere din peste 200\.000\]$/s);
  });
});

describe("the import's child", () => {
  it("killed mid-preview answers an error, and the next preview is read by a new child", async () => {
    const pool = admin.server.services.work.imports;
    const answered = preview(admin, await workbookWithDetails(packableText(15 * MB)), XLSX_TYPE);
    await expect.poll(() => pool.counts.running, { timeout: 10_000, interval: 1 }).toBe(1);
    const [child] = pool.pids;
    if (child === undefined) throw new Error("no child reads the file");
    process.kill(child, "SIGKILL");
    const response = await answered;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "IMPORT_FILE_TOO_HEAVY" } });
    expect((await admin.server.fetch("/healthz")).status).toBe(200);
    const again = await json<ImportPreview>(
      await preview(admin, await workbookWithDetails("Detalii noi"), XLSX_TYPE),
      200,
    );
    expect(again.counts).toMatchObject({ changed: 1 });
    expect(pool.pids).not.toContain(child);
  });

  it("full answers 503 with Retry-After at once", async () => {
    const pool = admin.server.services.work.imports;
    const waitFor = workJob<typeof Jobs, "waitFor">(new URL("../fixtures/work-jobs.ts", import.meta.url), "waitFor");
    const folder = await mkdtemp(path.join(tmpdir(), "import-busy-"));
    const release = path.join(folder, "release");
    try {
      // The server's own pool held by jobs of the test's: one running, the queue full behind it.
      const held = Array.from({ length: 3 }, () => pool.run(waitFor, release));
      await expect.poll(() => pool.counts.waiting, { timeout: 10_000 }).toBe(2);
      const refused = await preview(admin, "id,Categorie,Model\r\n", "text/csv");
      await writeFile(release, "");
      await Promise.all(held);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("Retry-After")).toBe("10");
      expect(await refused.json()).toMatchObject({ error: { code: "ERROR_SERVER_BUSY" } });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("an import's reading past its time limit", () => {
  const slow = withAdminServer({ IMPORT_READ_TIME_LIMIT: "0.001", LOG_LEVEL: "silent" });

  it("answers IMPORT_FILE_TOO_HEAVY, and the server goes on", async () => {
    const response = await preview(slow, "id,Categorie,Model\r\n,Excavatoare,X\r\n", "text/csv");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "IMPORT_FILE_TOO_HEAVY" } });
    expect((await slow.server.fetch("/healthz")).status).toBe(200);
  });
});
