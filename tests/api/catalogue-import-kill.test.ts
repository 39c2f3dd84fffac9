import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { ZipFile } from "yazl";
import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { openDatabase } from "../../server/db/database.ts";
import type { Database } from "../../server/db/schema.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { productBody } from "../helpers/catalogue-api.ts";
import { picture } from "../helpers/pictures.ts";
import { spawnServer } from "../helpers/child-server.ts";
import { siteAt } from "../helpers/test-server.ts";
import { zipEntries } from "../helpers/zip-entries.ts";

/** New machines in the killed import: enough that its transaction lasts well past the line that kills it. */
const NEW_ROWS = 600;
const CATEGORY = "Incarcatoare kill";

/**
 * A server killed with SIGKILL while an import commits (decision 079), on either database
 * (TEST_DIALECT): the catalogue is exactly as it was before, every machine's row, values, gallery
 * and pictures (their bytes' hashes) compared, and the catalogue's version too. The kill is sent when
 * the commit's progress says the transaction has written its first machines, so it lands inside it;
 * the test refuses to pass if the commit had already answered.
 */
it("a server killed -9 while an import commits leaves the catalogue as it was", { timeout: 180_000 }, async () => {
  const server = await spawnServer();
  const { child, dataDir, databaseUrl } = server;
  try {
    const url = await server.url();
    const site = siteAt(url);
    const { token } = await loginAsAdmin(site);
    const created = await callJson(
      site,
      "POST",
      "/api/category/create",
      { name: CATEGORY, specifications: [{ name: "Masă", name_en: "Weight", kind: "number", unit: "kg" }] },
      token,
    );
    const category = (await created.json()) as CategoryView;
    for (const model of ["Volvo L60H", "Volvo L90H", "Volvo L120H"]) {
      const body = {
        ...(await productBody(CATEGORY, model, 2)),
        specifications: { [category.specifications[0].uuid]: 9000 },
      };
      expect((await callJson(site, "POST", "/api/product/create", body, token)).status).toBe(201);
    }

    // The export's ZIP, each machine's weight changed and NEW_ROWS machines added with their pictures.
    const exported = await site.fetch(`/api/catalogue/export?format=zip&category=${category.uuid}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const entries = await zipEntries(Buffer.from(await exported.arrayBuffer()));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(entries.get("catalog.xlsx") as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet(CATEGORY);
    if (!sheet) throw new Error("no sheet for the category");
    for (let row = 2; row <= 4; row += 1) sheet.getCell(`J${row}`).value = 9500;
    const header = await picture("png", 24, 16, "#884400");
    for (let index = 1; index <= NEW_ROWS; index += 1) {
      sheet.addRow([null, CATEGORY, `Nou ${index}`, "Oferta", null, "Detalii", null, "Date", null, 1000 + index]);
      entries.set(`nou-${index}/01-antet.png`, header);
    }
    entries.set("catalog.xlsx", Buffer.from(await workbook.xlsx.writeBuffer()));
    const zip = new ZipFile();
    for (const [name, content] of entries) zip.addBuffer(content, name);
    zip.end();
    const file = await buffer(zip.outputStream);

    const reopen = () => openDatabase({ databaseUrl, dataDir });
    const before = await withDatabase(reopen, catalogueSnapshot);

    const response = await site.fetch("/api/catalogue/import/commit", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/zip", Accept: "application/x-ndjson" },
      body: new Uint8Array(file),
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    let killedAt: string | undefined;
    while (killedAt === undefined) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      // Inside the transaction: it has written machines, and more remain.
      const writing = /"phase":"writing","done":([1-9]\d*),"total":(\d+)/.exec(text);
      if (writing && Number(writing[1]) < Number(writing[2])) {
        child.kill("SIGKILL");
        killedAt = writing[0];
      }
    }
    expect(killedAt, `the commit answered before the kill: ${text.slice(-300)}`).toBeDefined();
    expect(text).not.toContain('"summary"');
    await reader.cancel().catch(() => undefined);
    await server.exited;

    expect(await withDatabase(reopen, catalogueSnapshot)).toEqual(before);
  } finally {
    await server.stop("SIGKILL");
  }
});

async function withDatabase<T>(
  open: () => { db: Kysely<Database>; close(): Promise<void> },
  read: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const opened = open();
  try {
    return await read(opened.db);
  } finally {
    await opened.close();
  }
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Every machine's row, values and gallery, every picture (its bytes by their hash), and the catalogue's version. */
async function catalogueSnapshot(db: Kysely<Database>) {
  const products = await db.selectFrom("products").selectAll().orderBy("id").execute();
  const values = await db
    .selectFrom("product_specification_values")
    .selectAll()
    .orderBy("product_id")
    .orderBy("specification_id")
    .execute();
  const gallery = await db
    .selectFrom("product_gallery")
    .selectAll()
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  const images = (await db.selectFrom("images").selectAll().orderBy("id").execute()).map(({ bytes, ...image }) => ({
    ...image,
    bytes: sha(bytes),
  }));
  const version = await db.selectFrom("app_state").selectAll().execute();
  return { products, values, gallery, images, version };
}
