import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImportSummary } from "../../common/catalogue/catalogue-import.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { pruneRevisions } from "../../server/revisions/housekeeping.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createProduct, json, productBody } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";

/**
 * 'Anulati importul' (decision 078), on either database (TEST_DIALECT): every machine an import
 * changed goes back to its revision before it, in one step; refused whole when one was saved since
 * or is in the trash.
 */
const admin = withAdminServer();

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const CATEGORY = "Excavatoare anulare";
const WEIGHT = "Masă operațională (kg)";

let category: CategoryView;
let machines: ProductView[];

const weightOf = async (machine: ProductView) => {
  const [read] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${machine.uuid}`), 200);
  return read?.specifications[category.specifications[0]?.uuid ?? ""];
};

/** The category's export with each machine's weight set as `weights` says, committed. */
async function importWeights(weights: Record<string, string>): Promise<string> {
  const exported = await admin.server.fetch(`/api/catalogue/export?format=xlsx&category=${category.uuid}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await exported.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet(CATEGORY);
  if (!sheet) throw new Error("no sheet for the category");
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const column = headers.indexOf(WEIGHT);
  sheet.eachRow((row, number) => {
    const model = (row.values as unknown[]).map(String).find((value) => value in weights);
    if (number > 1 && model) row.getCell(column).value = weights[model];
  });
  const response = await admin.server.fetch("/api/catalogue/import/commit", {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": XLSX_TYPE },
    body: new Uint8Array(await workbook.xlsx.writeBuffer()),
  });
  expect((await json<ImportSummary>(response, 200)).changed).toBe(Object.keys(weights).length);
  const entry = await admin.server.services.db
    .selectFrom("activity_log")
    .select("id")
    .where("action", "=", "import")
    .orderBy("at", "desc")
    .executeTakeFirstOrThrow();
  return entry.id;
}

const undo = (importId: string) => admin.call("POST", `/api/revisions/imports/${importId}/undo`, {});

beforeAll(async () => {
  category = await json<CategoryView>(
    await admin.call("POST", "/api/category/create", {
      name: CATEGORY,
      specifications: [{ name: "Masă operațională", kind: "number", unit: "kg" }],
    }),
    201,
  );
  const weight = category.specifications[0]?.uuid ?? "";
  machines = [];
  for (const [model, kg] of [
    ["CAT 320 GC", 22500],
    ["Volvo EC220E", 23000],
  ] as const)
    machines.push(
      await createProduct(admin.server, admin.token, {
        ...(await productBody(CATEGORY, model)),
        ...{ specifications: { [weight]: kg } },
      } as Parameters<typeof createProduct>[2]),
    );
});

describe("an import undone", () => {
  it("puts every machine it changed back as it was before, as new revisions, in one step, once", async () => {
    const importId = await importWeights({ "CAT 320 GC": "25000", "Volvo EC220E": "26000" });
    expect(await Promise.all(machines.map(weightOf))).toEqual([25000, 26000]);
    const made = await admin.server.services.db
      .selectFrom("revisions")
      .select(["item_id", "action"])
      .where("import_id", "=", importId)
      .execute();
    expect(made.map((row) => row.action)).toEqual(["import", "import"]);
    expect(new Set(made.map((row) => row.item_id))).toEqual(new Set(machines.map((machine) => machine.uuid)));

    expect(await json(await undo(importId), 200)).toEqual({ restored: 2, removed: 0 });
    expect(await Promise.all(machines.map(weightOf))).toEqual([22500, 23000]);
    const log = await admin.server.services.db
      .selectFrom("activity_log")
      .select("summary")
      .where("action", "=", "restore")
      .execute();
    expect(log.map((row) => row.summary)).toEqual([
      "Import anulat: 2 utilaje readuse la versiunea de dinainte (CAT 320 GC, Volvo EC220E)",
    ]);
    // Undone already: the machines' newest revisions are the undo's.
    expect(await json(await undo(importId), 409)).toEqual(errorBody("IMPORT_UNDO_CHANGED_SINCE"));
  });

  it("is refused whole when a machine of it was saved since, or is in the trash", async () => {
    const importId = await importWeights({ "CAT 320 GC": "30000", "Volvo EC220E": "31000" });
    const [first, second] = machines;
    const [read] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${second?.uuid}`), 200);
    await json(
      await admin.call("PUT", "/api/product/update", {
        ...(await productBody(CATEGORY, "Volvo EC220E", 0)),
        uuid: second?.uuid,
        header_photo: { uuid: read?.header_photo.image.split("/").at(-1)?.split(".")[0] },
        gallery: [],
      }),
      200,
    );
    expect(await json(await undo(importId), 409)).toEqual(errorBody("IMPORT_UNDO_CHANGED_SINCE"));
    expect(await weightOf(first as ProductView)).toBe(30000);

    const next = await importWeights({ "CAT 320 GC": "32000" });
    expect((await admin.call("DELETE", `/api/product/${first?.uuid}`)).status).toBe(204);
    expect(await json(await undo(next), 409)).toEqual(errorBody("IMPORT_UNDO_TRASHED"));
  });

  it("of two undos at once, lets exactly one through", async () => {
    const [first] = machines;
    if (!first) throw new Error("no machine");
    // The first machine was trashed by the test before: back from the trash for this one.
    const { items } = await json<{ items: { id: string; itemId: string }[] }>(
      await admin.call("GET", "/api/trash"),
      200,
    );
    const entry = items.find((item) => item.itemId === first.uuid);
    if (entry) await json(await admin.call("POST", `/api/trash/${entry.id}/restore`, {}), 200);
    const importId = await importWeights({ "CAT 320 GC": "40000" });
    const replies = await Promise.all([1, 2].map(() => undo(importId)));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(await weightOf(first)).toBe(32000);
  });

  it("answers an id that names no import with 404", async () => {
    expect(await json(await undo("00000000-0000-4000-8000-000000000000"), 404)).toEqual(
      errorBody("ERROR_IMPORT_NOT_FOUND"),
    );
    expect(await json(await undo("x"), 404)).toEqual(errorBody("ERROR_IMPORT_NOT_FOUND"));
  });

  it("keeps the import's revisions past the count of revisions an item keeps, so an undo is never partial", async () => {
    const importId = await importWeights({ "CAT 320 GC": "40000", "Volvo EC220E": "41000" });
    const [first] = machines;
    const [read] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${first?.uuid}`), 200);
    await json(
      await admin.call("PUT", "/api/product/update", {
        ...(await productBody(CATEGORY, "CAT 320 GC", 0)),
        uuid: first?.uuid,
        header_photo: { uuid: read?.header_photo.image.split("/").at(-1)?.split(".")[0] },
        gallery: [],
      }),
      200,
    );
    const { services } = admin.server;
    await pruneRevisions({ db: services.db, config: { ...services.config, REVISION_LIMIT: 1 } }, new Date());
    const kept = await services.db
      .selectFrom("revisions")
      .select("item_id")
      .where("import_id", "=", importId)
      .execute();
    expect(kept).toHaveLength(2);
    // The machine saved since still tells the undo so: refused whole, not half done.
    expect(await json(await undo(importId), 409)).toEqual(errorBody("IMPORT_UNDO_CHANGED_SINCE"));
  });
});
