import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import type { ImportPreview, ImportSummary } from "../../common/catalogue/catalogue-import.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createProduct, json, productBody } from "../helpers/catalogue-api.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";

/**
 * A column left out of an imported sheet keeps what is stored: here a text specification's English
 * column, deleted from the file while its Romanian one is edited (it used to empty the English value).
 * The units in the fleet are a column too (decision 079): read as the form reads them, and a fleet
 * lowered below its confirmed bookings refused as the form refuses it (decision 080).
 */
const admin = withAdminServer();
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const CATEGORY = "Excavatoare coloane";

it("keeps a text's English value when the sheet leaves its column out", async () => {
  const category = await json<CategoryView>(
    await admin.call("POST", "/api/category/create", {
      name: CATEGORY,
      specifications: [{ name: "Motor", name_en: "Engine", kind: "text" }],
    }),
    201,
  );
  const [engine] = category.specifications;
  const machine = await createProduct(admin.server, admin.token, {
    ...(await productBody(CATEGORY, "CAT 320 coloane")),
    ...{ specifications: { [engine.uuid]: { ro: "Motor Cat C4.4", en: "Cat C4.4 engine" } } },
  } as Parameters<typeof createProduct>[2]);
  const exported = await admin.server.fetch(`/api/catalogue/export?format=xlsx&category=${category.uuid}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await exported.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet(CATEGORY);
  if (!sheet) throw new Error("no sheet for the category");
  const headers = sheet.getRow(1).values as unknown[];
  const romanian = headers.indexOf("Motor");
  const english = headers.indexOf("Motor [EN]");
  expect([romanian, english].every((column) => column > 0)).toBe(true);
  sheet.getCell(2, romanian).value = "Motor Cat C4.4 Acert";
  sheet.spliceColumns(english, 1);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());

  const response = await admin.server.fetch("/api/catalogue/import/commit", {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": XLSX_TYPE },
    body: new Uint8Array(file),
  });
  expect(await json<ImportSummary>(response, 200)).toEqual({ created: 0, changed: 1, unchanged: 0 });
  const [stored] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${machine.uuid}`), 200);
  expect(stored?.specifications[engine.uuid]).toEqual({ ro: "Motor Cat C4.4 Acert", en: "Cat C4.4 engine" });
});

it("reads the units in the fleet as the form does: changed, refused when not a whole number from 0 to 999", async () => {
  const machine = await createProduct(admin.server, admin.token, await productBody(CATEGORY, "CAT 330 unitati"));
  const exported = await admin.server.fetch(`/api/catalogue/export?format=csv&category=${machine.category_uuid}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  const csv = await exported.text();
  const send = (step: "preview" | "commit", units: string) =>
    admin.server.fetch(`/api/catalogue/import/${step}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "text/csv" },
      // The units' cell, before the machine's price cells (decision 093).
      body: csv.replace(new RegExp(`("${machine.uuid}".*),"1"(,.*)\r\n`), `$1,"${units}"$2\r\n`),
    });
  for (const wrong of ["doi", "1000", "-1", "2.5"]) {
    const preview = await json<ImportPreview>(await send("preview", wrong), 200);
    const row = preview.rows.find((item) => item.uuid === machine.uuid);
    expect(
      row?.refusals.map(({ code }) => code),
      wrong,
    ).toEqual(["INVALID_PRODUCT_UNITS"]);
  }
  const preview = await json<ImportPreview>(await send("preview", "3"), 200);
  expect(preview.rows.find((item) => item.uuid === machine.uuid)?.changes).toEqual([
    { field: "Unitati in flota", old: "1", new: "3" },
  ]);
  expect(await json<ImportSummary>(await send("commit", "3"), 200)).toMatchObject({ changed: 1 });
  const [stored] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${machine.uuid}`), 200);
  expect(stored?.units).toBe(3);
});

it("refuses a fleet lowered below its confirmed bookings in the dry run, with the form's code, and writes nothing", async () => {
  const created = await createProduct(admin.server, admin.token, await productBody(CATEGORY, "CAT 340 flota"));
  const body = { ...(await productBody(CATEGORY, created.model)), uuid: created.uuid, units: 2 };
  const machine = await json<ProductView>(await admin.call("PUT", "/api/product/update", body), 200);
  const day = addDays(romanianDay(), 5);
  const booking = { product_uuid: machine.uuid, units: 2, state: "confirmat", first_day: day, last_day: day };
  expect((await admin.call("POST", "/api/bookings", booking)).status).toBe(201);
  const exported = await admin.server.fetch(`/api/catalogue/export?format=csv&category=${machine.category_uuid}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  const csv = (await exported.text()).replace(new RegExp(`("${machine.uuid}".*),"2"(,.*)\r\n`), `$1,"1"$2\r\n`);
  const send = (step: "preview" | "commit") =>
    admin.server.fetch(`/api/catalogue/import/${step}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "text/csv" },
      body: csv,
    });
  const preview = await json<ImportPreview>(await send("preview"), 200);
  const row = preview.rows.find((item) => item.uuid === machine.uuid);
  expect(row?.kind).toBe("refused");
  expect(row?.refusals.map(({ code }) => code)).toEqual(["PRODUCT_UNITS_BELOW_BOOKINGS"]);
  expect(await json(await send("commit"), 400)).toMatchObject({ error: { code: "IMPORT_ROWS_REFUSED" } });
  const [stored] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${machine.uuid}`), 200);
  expect(stored?.units).toBe(2);
});
