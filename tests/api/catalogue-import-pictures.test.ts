import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { ZipFile } from "yazl";
import type { ImportPreview, ImportProgressLine, ImportSummary } from "../../common/catalogue/catalogue-import.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createProduct, json, productBody } from "../helpers/catalogue-api.ts";
import { makeBmp } from "../helpers/bmp-file.ts";
import { picture } from "../helpers/pictures.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { startTestServer } from "../helpers/test-server.ts";
import { zipEntries } from "../helpers/zip-entries.ts";

/**
 * The import of new machines with their pictures from a ZIP made as the export makes it (decision
 * 079), over real HTTP on either database (TEST_DIALECT): the export's ZIP round-trips unchanged; a
 * new row with its folder is previewed as new and created with its pictures in order, seen on the
 * public pages of both languages; each refusal with its code; nothing written, and no file left,
 * when one row or one picture is refused.
 */

const admin = withAdminServer({}, productionSite);

const ZIP_TYPE = "application/zip";
const CATEGORY = "Buldoexcavatoare poze";
const NEW_MODEL = "JCB 3CX Nou";
const NEW_FOLDER = "jcb-3cx-nou";

let category: CategoryView;

async function exportedZip(): Promise<Map<string, Buffer>> {
  const response = await admin.server.fetch(`/api/catalogue/export?format=zip&category=${category.uuid}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(response.status).toBe(200);
  return zipEntries(Buffer.from(await response.arrayBuffer()));
}

async function zipOf(entries: Map<string, Buffer> | Record<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of entries instanceof Map ? entries : Object.entries(entries))
    zip.addBuffer(content, name);
  zip.end();
  return buffer(zip.outputStream);
}

function send(body: Buffer, step: "preview" | "commit"): Promise<Response> {
  return admin.server.fetch(`/api/catalogue/import/${step}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": ZIP_TYPE },
    body: new Uint8Array(body),
  });
}

const previewed = async (body: Buffer) => json<ImportPreview>(await send(body, "preview"), 200);
const committed = async (body: Buffer) => json<ImportSummary>(await send(body, "commit"), 200);

/** A new machine's row, added to the export's workbook. */
interface NewRow {
  model: string;
  weight?: number | string;
  offer?: string;
}

/** The exported ZIP with `rows` added to the category's sheet and `files` added (or replaced). */
async function withNewRows(rows: NewRow[], files: Record<string, Buffer>): Promise<Buffer> {
  const entries = await exportedZip();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(entries.get("catalog.xlsx") as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet(CATEGORY);
  if (!sheet) throw new Error("no sheet for the category");
  for (const row of rows) {
    sheet.addRow([
      null,
      CATEGORY,
      row.model,
      row.offer ?? "Oferta de lansare",
      "Launch offer",
      "Detalii noi",
      null,
      "- Adancime 5,9 m",
      null,
      row.weight ?? 8070,
    ]);
  }
  entries.set("catalog.xlsx", Buffer.from(await workbook.xlsx.writeBuffer()));
  for (const [name, content] of Object.entries(files)) entries.set(name, content);
  return zipOf(entries);
}

/** Three pictures told apart by their widths: the order they are stored in is the order of their names. */
async function newPictures(folder = NEW_FOLDER): Promise<Record<string, Buffer>> {
  return {
    [`${folder}/01-antet.png`]: await picture("png", 40, 30, "#aa3300"),
    [`${folder}/02-galerie.jpg`]: await picture("jpeg", 50, 30, "#0033aa"),
    [`${folder}/03-galerie.webp`]: await picture("webp", 60, 30, "#33aa00"),
  };
}

async function productCount(): Promise<number> {
  const { count } = await admin.server.services.db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function imageCount(): Promise<number> {
  const { count } = await admin.server.services.db
    .selectFrom("images")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** What an import leaves in DATA_DIR/imports once it has answered. */
async function leftovers(): Promise<string[]> {
  return readdir(path.join(admin.server.services.config.DATA_DIR, "imports")).catch(() => []);
}

/** The ZIP's central directory record of `name`, its declared unpacked size set to `size`. */
function declaring(zip: Buffer, name: string, size: number): Buffer {
  const copy = Buffer.from(zip);
  const central = copy.indexOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02])]), 0);
  for (let at = central; at !== -1; at = copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString("utf8", at + 46, at + 46 + nameLength) === name) {
      copy.writeUInt32LE(size, at + 24);
      return copy;
    }
  }
  throw new Error(`no entry ${name}`);
}

beforeAll(async () => {
  category = await json<CategoryView>(
    await admin.call("POST", "/api/category/create", {
      name: CATEGORY,
      specifications: [{ name: "Masă operațională", name_en: "Operating weight", kind: "number", unit: "kg" }],
    }),
    201,
  );
  await createProduct(admin.server, admin.token, {
    ...(await productBody(CATEGORY, "JCB 4CX", 2)),
    specifications: { [category.specifications[0].uuid]: 8900 },
  } as Parameters<typeof createProduct>[2]);
});

describe("the export's ZIP imported back", () => {
  it("changes nothing: 0 new, 0 changed, and the commit writes nothing", async () => {
    const zip = await zipOf(await exportedZip());
    expect((await previewed(zip)).counts).toEqual({ new: 0, changed: 0, unchanged: 1, refused: 0 });
    const before = await productCount();
    expect(await committed(zip)).toEqual({ created: 0, changed: 0, unchanged: 1 });
    expect(await productCount()).toBe(before);
  });
});

describe("a new machine with its pictures", () => {
  it("is previewed as new with its pictures, created by the commit in order, and shown in both languages", async () => {
    const zip = await withNewRows([{ model: NEW_MODEL }], await newPictures());
    const preview = await previewed(zip);
    expect(preview.counts).toEqual({ new: 1, changed: 0, unchanged: 1, refused: 0 });
    const row = preview.rows.find((item) => item.kind === "new");
    expect(row).toMatchObject({ model: NEW_MODEL, uuid: null, refusals: [] });
    expect(row?.changes).toContainEqual({
      field: "Poze",
      old: "",
      new: `${NEW_FOLDER}/01-antet.png, ${NEW_FOLDER}/02-galerie.jpg, ${NEW_FOLDER}/03-galerie.webp`,
    });
    expect(row?.changes).toContainEqual({ field: "Masă operațională (kg)", old: "", new: "8070" });

    expect(await committed(zip)).toEqual({ created: 1, changed: 0, unchanged: 1 });
    const created = await admin.server.services.db
      .selectFrom("products")
      .select(["id"])
      .where("slug", "=", NEW_FOLDER)
      .executeTakeFirstOrThrow();
    const [product] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${created.id}`), 200);
    expect(product.header_offer_en).toContain("Launch offer");
    expect(product.specifications[category.specifications[0].uuid]).toBe(8070);
    const pictures = [product.header_photo, ...product.gallery];
    // The header picture, then the gallery, in the order of their names; each kept in its own type.
    expect(pictures.map(({ width, image }) => `${width} ${image.split(".").pop()}`)).toEqual([
      "40 png",
      "50 jpg",
      "60 webp",
    ]);
    const ids = pictures.map(({ image }) => path.basename(image).split(".")[0]);
    for (const english of [false, true]) {
      const page = await admin.server.fetch(
        `/categorie/${category.slug}/utilaj/${NEW_FOLDER}${english ? "?lang=en" : ""}`,
      );
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(NEW_MODEL);
      expect(html).toContain(english ? "Launch offer" : "Oferta de lansare");
      expect(html).toContain(english ? "8,070" : "8.070");
      for (const id of ids) expect(html).toContain(id);
    }
    // Imported again, the machine is there: nothing new, nothing changed.
    expect((await previewed(await zipOf(await exportedZip()))).counts).toMatchObject({ new: 0, changed: 0 });
    expect(await leftovers()).toEqual([]);
  });
});

describe("an import that created a machine, undone", () => {
  it("moves the new machine to the trash with its pictures, whence it can be restored", async () => {
    const model = "JCB 3CX Anulat";
    const folder = "jcb-3cx-anulat";
    expect(await committed(await withNewRows([{ model }], await newPictures(folder)))).toMatchObject({ created: 1 });
    const { db } = admin.server.services;
    const entry = await db
      .selectFrom("activity_log")
      .select("id")
      .where("action", "=", "import")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    const created = await db.selectFrom("products").select("id").where("slug", "=", folder).executeTakeFirstOrThrow();
    const made = await db
      .selectFrom("revisions")
      .select(["item_id", "action"])
      .where("import_id", "=", entry.id)
      .execute();
    expect(made).toEqual([{ item_id: created.id, action: "create" }]);

    const undone = await admin.call("POST", `/api/revisions/imports/${entry.id}/undo`, {});
    expect(await json(undone, 200)).toEqual({ restored: 0, removed: 1 });
    expect(
      await db.selectFrom("products").select("id").where("id", "=", created.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await admin.server.fetch(`/categorie/${category.slug}/utilaj/${folder}`)).status).toBe(410);
    const trashed = await db
      .selectFrom("trash")
      .select("id")
      .where("item_id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect((await admin.call("POST", `/api/trash/${trashed.id}/restore`, {})).status).toBe(200);
    expect((await admin.server.fetch(`/categorie/${category.slug}/utilaj/${folder}`)).status).toBe(200);
  });
});

describe("refusals", () => {
  const refusalsOf = async (zip: Buffer) =>
    (await previewed(zip)).rows.flatMap((row) =>
      row.refusals.map(({ code, entry }) => (entry ? `${code} ${entry}` : code)),
    );

  it("a new row without its folder, or without its header picture", async () => {
    expect(await refusalsOf(await withNewRows([{ model: "Fara Poze 1" }], {}))).toEqual(["IMPORT_PICTURE_NOT_FOUND"]);
    const galleryOnly = { "fara-poze-2/02-galerie.png": await picture("png") };
    expect(await refusalsOf(await withNewRows([{ model: "Fara Poze 2" }], galleryOnly))).toEqual([
      "IMPORT_PICTURE_NOT_FOUND",
    ]);
  });

  it("a picture that is not one, by its bytes whatever its name says", async () => {
    const files = {
      "rau-1/01-antet.jpg": Buffer.from("<html>not a picture</html>"),
      "rau-1/02-galerie.png": Buffer.from("GIF87 but not quite"),
    };
    expect(await refusalsOf(await withNewRows([{ model: "Rau 1" }], files))).toEqual([
      "INVALID_PRODUCT_HEADER_PHOTO_IMAGE rau-1/01-antet.jpg",
      "INVALID_PRODUCT_GALLERY_IMAGE rau-1/02-galerie.png",
    ]);
  });

  it("takes every type the form takes, a BMP (told by its 54-byte headers) and a GIF included", async () => {
    const files = {
      "tipuri-1/01-antet.bmp": makeBmp({ width: 2, height: 1, bitsPerPixel: 24, rows: [[0, 0, 255, 255, 0, 0]] }),
      "tipuri-1/02-galerie.gif": await picture("gif"),
    };
    const preview = await previewed(await withNewRows([{ model: "Tipuri 1" }], files));
    expect(preview.rows.find((row) => row.model === "Tipuri 1")).toMatchObject({ kind: "new", refusals: [] });
  });

  it("a picture over the form's 5 MB, and a gallery longer than the form's", async () => {
    const big = declaring(
      await withNewRows([{ model: "Mare 1" }], { "mare-1/01-antet.png": await picture("png") }),
      "mare-1/01-antet.png",
      6 * 1024 * 1024,
    );
    expect(await refusalsOf(big)).toEqual(["ERROR_IMAGE_TOO_LARGE mare-1/01-antet.png"]);
    const gallery: Record<string, Buffer> = { "lunga-1/01-antet.png": await picture("png") };
    for (let place = 2; place <= 7; place += 1) gallery[`lunga-1/0${place}-galerie.png`] = await picture("png");
    expect(await refusalsOf(await withNewRows([{ model: "Lunga 1" }], gallery))).toEqual(["INVALID_PRODUCT_GALLERY"]);
  });

  it("pictures over 200 MB in all, a path that climbs out, a type the import does not take", async () => {
    const huge = declaring(
      await withNewRows([{ model: "Imens 1" }], { "imens-1/01-antet.png": await picture("png") }),
      "imens-1/01-antet.png",
      201 * 1024 * 1024,
    );
    const tooLarge = await send(huge, "preview");
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("IMPORT_PICTURES_TOO_LARGE");
    // A ZIP declaring more than a workbook and 200 MB of pictures is refused before its body is read.
    const declared = await rawRequest(admin.server.url, "/api/catalogue/import/preview", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${admin.token}`,
        "Content-Type": ZIP_TYPE,
        "Content-Length": String(221 * 1024 * 1024),
      },
      body: Buffer.alloc(1024),
    });
    expect(declared.status).toBe(413);
    expect(declared.body.toString()).toContain("IMPORT_PICTURES_TOO_LARGE");
    const safe = await withNewRows([], { "xx/01-antet.png": await picture("png") });
    const climbing = Buffer.from(safe.toString("latin1").replaceAll("xx/01-antet.png", "../01-antet.png"), "latin1");
    const climbed = await send(climbing, "preview");
    expect(climbed.status).toBe(400);
    expect(await climbed.text()).toContain("IMPORT_FILE_UNREADABLE");
    const other = await admin.server.fetch("/api/catalogue/import/preview", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/x-rar" },
      body: "x",
    });
    expect(other.status).toBe(415);
    expect(await other.text()).toContain("IMPORT_FILE_TYPE");
  });

  it("a ZIP without a workbook or CSVs", async () => {
    const response = await send(await zipOf({ "a/01-antet.png": await picture("png") }), "preview");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("IMPORT_NO_SHEET");
  });
});

describe("all or nothing", () => {
  it("writes nothing when one new row is refused", async () => {
    const [products, images] = [await productCount(), await imageCount()];
    const zip = await withNewRows([{ model: "Bun 1" }, { model: "Fara Poze 3" }], {
      "bun-1/01-antet.png": await picture("png", 30, 20, "#123456"),
    });
    const response = await send(zip, "commit");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("IMPORT_ROWS_REFUSED");
    expect([await productCount(), await imageCount()]).toEqual([products, images]);
    expect(await leftovers()).toEqual([]);
  });

  it("writes nothing, and leaves no staged picture, when the pipeline refuses a picture the preview let through", async () => {
    const [products, images] = [await productCount(), await imageCount()];
    // A PNG's signature over bytes that decode to nothing: sniffed as a picture, refused by the decoder.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const zip = await withNewRows([{ model: "Bun 2" }, { model: "Stricat 1" }], {
      "bun-2/01-antet.png": await picture("png", 30, 20, "#654321"),
      "stricat-1/01-antet.png": await picture("png", 30, 20, "#111111"),
      "stricat-1/02-galerie.png": broken,
    });
    expect((await previewed(zip)).counts).toMatchObject({ new: 2, refused: 0 });
    const response = await send(zip, "commit");
    const body = await response.text();
    expect(response.status, body).toBe(400);
    expect(body).toContain("INVALID_PRODUCT_GALLERY_IMAGE");
    expect(body).toContain("stricat-1/02-galerie.png");
    expect([await productCount(), await imageCount()]).toEqual([products, images]);
    expect(await leftovers()).toEqual([]);
  });
});

describe("attacks", () => {
  it("two commits of the same new machine at once: created once, the other refused, and its script kept out", async () => {
    const zip = await withNewRows([{ model: "Dublu 1", offer: "Oferta <script>alert(1)</script>" }], {
      "dublu-1/01-antet.png": await picture("png", 30, 20, "#505050"),
    });
    const [products, images] = [await productCount(), await imageCount()];
    const answers = await Promise.all([send(zip, "commit"), send(zip, "commit")]);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    // One creates it; the other finds it taken in its transaction (409), or, checked after the first
    // committed, finds it there unchanged.
    expect(
      bodies.filter((body) => body.includes('"created":1')),
      bodies.join("\n"),
    ).toHaveLength(1);
    for (const [index, answer] of answers.entries()) {
      if (bodies[index].includes('"created":1')) continue;
      if (answer.status === 409) expect(bodies[index]).toContain("ERROR_PRODUCT_EXIST");
      else expect(JSON.parse(bodies[index])).toMatchObject({ created: 0, changed: 0 });
    }
    expect([await productCount(), await imageCount()]).toEqual([products + 1, images + 1]);
    const page = await admin.server.fetch(`/categorie/${category.slug}/utilaj/dublu-1`);
    const html = await page.text();
    expect(html).toContain("Oferta");
    expect(html).not.toContain("<script>alert(1)");
    expect(await leftovers()).toEqual([]);
  });
});

describe("the commit's progress", () => {
  /** The commit asked for its progress: its lines, parsed. */
  const progressOf = async (zip: Buffer): Promise<ImportProgressLine[]> => {
    const response = await admin.server.fetch("/api/catalogue/import/commit", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": ZIP_TYPE, Accept: "application/x-ndjson" },
      body: new Uint8Array(zip),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/x-ndjson");
    const text = await response.text();
    expect(text.endsWith("\n")).toBe(true);
    return text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as ImportProgressLine);
  };

  it("goes from 0 to the rows written, each phase in order, and ends with the summary", async () => {
    const lines = await progressOf(
      await withNewRows([{ model: "Progres 1" }, { model: "Progres 2" }], {
        "progres-1/01-antet.png": await picture("png", 30, 20, "#202020"),
        "progres-2/01-antet.png": await picture("png", 30, 20, "#303030"),
        "progres-2/02-galerie.png": await picture("png", 30, 20, "#404040"),
      }),
    );
    const steps = lines.flatMap((line) =>
      "progress" in line ? [`${line.progress.phase} ${line.progress.done}/${line.progress.total}`] : [],
    );
    expect(steps).toEqual([
      "pictures 0/2",
      "pictures 1/2",
      "pictures 2/2",
      "writing 0/2",
      "writing 1/2",
      "writing 2/2",
    ]);
    expect(lines.at(-1)).toMatchObject({ summary: { created: 2, changed: 0 } });
  });

  it("ends with the error that wrote nothing, as the error reply would have said it", async () => {
    const [products, images] = [await productCount(), await imageCount()];
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const lines = await progressOf(await withNewRows([{ model: "Stricat 2" }], { "stricat-2/01-antet.png": broken }));
    expect(lines.at(-1)).toMatchObject({
      status: 400,
      errors: [{ msg: "INVALID_PRODUCT_HEADER_PHOTO_IMAGE", path: expect.stringContaining("stricat-2/01-antet.png") }],
    });
    expect([await productCount(), await imageCount()]).toEqual([products, images]);
    expect(await leftovers()).toEqual([]);
  });

  it("refuses a file with a refused row as the plain commit does, before any line", async () => {
    const response = await admin.server.fetch("/api/catalogue/import/commit", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": ZIP_TYPE, Accept: "application/x-ndjson" },
      body: new Uint8Array(await withNewRows([{ model: "Fara Poze 4" }], {})),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("IMPORT_ROWS_REFUSED");
  });
});

describe("at start", () => {
  it("removes what an import cut short by the process's end left in DATA_DIR/imports", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "utilaje-imports-"));
    const imports = path.join(dataDir, "imports");
    await mkdir(path.join(imports, "upload.zip.pictures"), { recursive: true });
    await writeFile(path.join(imports, "upload.zip"), "left");
    await writeFile(path.join(imports, "upload.zip.pictures", "staged"), "left");
    const server = await startTestServer({ DATA_DIR: dataDir });
    try {
      expect(await readdir(imports).catch(() => [])).toEqual([]);
    } finally {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
