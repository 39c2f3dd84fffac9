import { sql } from "kysely";
import { expect, it } from "vitest";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createProduct, json, productBody } from "../helpers/catalogue-api.ts";

/**
 * A ZIP export that fails half-way (here: the machines' galleries cannot be read once the download has
 * started) cuts that download and nothing else: before, yazl's error had no listener and the server
 * process ended. A server of its own, as the test breaks its database.
 */
const admin = withAdminServer();

it("cuts the download of a ZIP that fails half-way, and the server keeps answering", async () => {
  const category = await json<{ name: string }>(
    await admin.call("POST", "/api/category/create", { name: "Excavatoare de export" }),
    201,
  );
  await createProduct(admin.server, admin.token, await productBody(category.name, "CAT 320 export"));
  // The categories are read before the download starts; each category's machines only when the ZIP comes to it.
  await sql`ALTER TABLE product_gallery RENAME TO gallery_gone`.execute(admin.server.services.db);
  try {
    const response = await admin.server.fetch("/api/catalogue/export?format=csv", {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    // Failed before its first bytes: a 500; after them: a cut body. Never a whole file, never a dead server.
    const outcome =
      response.status === 200
        ? await response.arrayBuffer().then(
            () => "whole",
            () => "cut",
          )
        : response.status;
    expect(["cut", 500]).toContain(outcome);
    expect((await admin.server.fetch("/healthz")).status).toBe(200);
  } finally {
    await sql`ALTER TABLE gallery_gone RENAME TO product_gallery`.execute(admin.server.services.db);
  }
});
