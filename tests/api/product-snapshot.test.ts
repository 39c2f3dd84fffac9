import { describe, expect, it } from "vitest";
import { productByCategoryAndModel, productSnapshot, productsOfCategory } from "../../server/catalogue/read.ts";
import { pageServices } from "../../server/pages/page-context.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createCategory, createProduct, productBody } from "../helpers/catalogue-api.ts";

const admin = withAdminServer();

describe("the products of a catalogue version, read at once for the public pages", () => {
  it("finds what the queries per page found: each category's products in model order, a product under its own category only", async () => {
    const { server, token } = admin;
    const excavators = await createCategory(server, token, "Excavatoare");
    const cranes = await createCategory(server, token, "Macarale");
    const empty = await createCategory(server, token, "Foreze");
    for (const model of ["ZX 10", "CAT 320", "Atlas 5"]) await createProduct(server, token, await productBody("Excavatoare", model));
    await createProduct(server, token, await productBody("Macarale", "Liebherr 40"));
    const { db } = server.services;
    const snapshot = await productSnapshot(db);
    for (const category of [excavators, cranes, empty]) {
      expect(snapshot.ofCategory(category.uuid)).toEqual(await productsOfCategory(db, category.uuid));
    }
    expect(snapshot.ofCategory(excavators.uuid)?.map((product) => product.model)).toEqual(["Atlas 5", "CAT 320", "ZX 10"]);
    expect(snapshot.ofCategory(crypto.randomUUID())).toBeUndefined();
    for (const [category, model] of [["excavatoare", "cat-320"], ["Excavatoare", "CAT 320"], ["macarale", "liebherr-40"], ["macarale", "cat-320"], ["excavatoare", "nu-exista"]]) {
      expect(snapshot.byCategoryAndModel(category, model), `${category} ${model}`).toEqual(await productByCategoryAndModel(db, category, model));
    }
    expect(snapshot.byCategoryAndModel("macarale", "cat-320")).toBeUndefined();
  });

  it("is read again for the next catalogue version", async () => {
    const { server, token } = admin;
    const { catalogue } = pageServices(server.services);
    const compactors = await createCategory(server, token, "Compactoare");
    expect(await catalogue.product("compactoare", "ammann-15")).toBeUndefined();
    expect(await catalogue.productsOfCategory(compactors.uuid)).toEqual([]);
    await createProduct(server, token, await productBody("Compactoare", "Ammann 15"));
    expect((await catalogue.product("compactoare", "ammann-15"))?.model).toBe("Ammann 15");
    expect((await catalogue.productsOfCategory(compactors.uuid))?.map((product) => product.model)).toEqual(["Ammann 15"]);
  });
});
