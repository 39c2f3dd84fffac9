import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import type { ImportSummary } from "../../common/catalogue/catalogue-import.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createProduct, json, productBody } from "../helpers/catalogue-api.ts";

/**
 * A column left out of an imported sheet keeps what is stored: here a text specification's English
 * column, deleted from the file while its Romanian one is edited (it used to empty the English value).
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
