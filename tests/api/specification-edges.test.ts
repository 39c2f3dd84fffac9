import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { authHeaders } from "../helpers/auth.ts";
import { errorBody } from "../helpers/error-body.ts";
import { createProduct, json, productBody, type ProductBody } from "../helpers/catalogue-api.ts";
import { parseElements } from "../helpers/markup.ts";
import { rawRequest } from "../helpers/raw-request.ts";

/**
 * The edges of typed specifications an attacker's pass found, over real HTTP on either database
 * (TEST_DIALECT): a product's values field bounded before any query and refusing keys that are not
 * uuids (`__proto__` as a JSON body carries it), names that show nothing refused, and keys that never
 * meet another parameter of their category's page.
 */

const admin = withAdminServer({}, productionSite);

let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${String.fromCharCode(97 + (counter % 26))}${counter}`;
}

async function createCategory(body: Record<string, unknown>): Promise<CategoryView> {
  return json<CategoryView>(await admin.call("POST", "/api/category/create", body), 201);
}

async function weighed(): Promise<{ category: CategoryView; product: ProductView }> {
  const category = await createCategory({
    name: unique("Placi"),
    specifications: [
      { name: "Greutate", kind: "number", unit: "kg", filter: true },
      { name: "Motor", kind: "text" },
    ],
  });
  const [weight, engine] = category.specifications;
  const product = await createProduct(admin.server, admin.token, {
    ...(await productBody(category.name, unique("Model"))),
    specifications: { [weight.uuid]: 90, [engine.uuid]: { ro: "Honda", en: "" } },
  } as ProductBody);
  return { category, product };
}

/** The update of `product` as the admin's form sends it, as JSON text with `specifications` spliced in as written. */
function updateText(product: ProductView, specifications: string): string {
  const body = {
    uuid: product.uuid,
    model: product.model,
    category: product.category,
    header_offer: product.header_offer,
    details: product.details,
    technical_data: product.technical_data,
    header_photo: { uuid: product.header_photo.image.split("/").at(-1)?.split(".")[0] },
    gallery: [],
  };
  return `${JSON.stringify(body).slice(0, -1)},"specifications":${specifications}}`;
}

async function storedValues(product: ProductView): Promise<ProductView["specifications"]> {
  const [stored] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${product.uuid}`), 200);
  return stored.specifications;
}

describe("a product's values field", () => {
  it("with more keys than a category has specifications is refused with 400 at the field, before any query", async () => {
    const { product } = await weighed();
    const before = await storedValues(product);
    const keys = Array.from({ length: 1000 }, () => `"${randomUUID()}":1`).join(",");
    const response = await admin.call("PUT", "/api/product/update", updateText(product, `{${keys}}`));
    expect(await json(response, 400)).toEqual({
      errors: [{ msg: "TOO_MANY_PRODUCT_SPECIFICATIONS", path: "specifications" }],
    });
    expect(await storedValues(product)).toEqual(before);
  });

  it("with 40 000 unknown uuids (1.7 MB) is refused while it arrives, and the values stay", async () => {
    const { product } = await weighed();
    const before = await storedValues(product);
    const keys = Array.from({ length: 40_000 }, () => `"${randomUUID()}":1`).join(",");
    // A connection of its own: the server closes it after the refusal, with the body half read.
    const response = await rawRequest(admin.server.url, "/api/product/update", {
      method: "PUT",
      headers: { ...authHeaders(admin.token), "Content-Type": "application/json" },
      body: updateText(product, `{${keys}}`),
    });
    // More than a picture call's 64 KB outside its strings (decision 069): never the 500 of too many SQL variables.
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body.toString())).toEqual(errorBody("ERROR_PAYLOAD_TOO_LARGE"));
    expect(await storedValues(product)).toEqual(before);
  });

  it.each([
    ['{"__proto__": {"x": 1}}', "__proto__"],
    ['{"constructor": 1}', "constructor"],
  ])("%s is refused with a code, and clears nothing", async (specifications, key) => {
    const { product } = await weighed();
    const before = await storedValues(product);
    expect(Object.keys(before)).toHaveLength(2);
    const response = await admin.call("PUT", "/api/product/update", updateText(product, specifications));
    expect(await json(response, 400)).toEqual({
      errors: [{ msg: "UNKNOWN_PRODUCT_SPECIFICATION", path: `specifications.${key}` }],
    });
    expect(await storedValues(product)).toEqual(before);
  });
});

describe("names that show nothing", () => {
  it.each([
    [{ name: "\u200b", kind: "number" }, "specifications.0.name", "INVALID_SPECIFICATION_NAME"],
    [
      { name: "Greutate", name_en: "Weight\u2028", kind: "number" },
      "specifications.0.name_en",
      "INVALID_SPECIFICATION_NAME_EN",
    ],
    [
      { name: "Tren", kind: "choice", options: [{ name: "Senile" }, { name: "\u2029" }] },
      "specifications.0.options.1.name",
      "INVALID_SPECIFICATION_OPTIONS",
    ],
  ])("a specification %j is refused", async (specification, path, msg) => {
    const response = await admin.call("POST", "/api/category/create", {
      name: unique("Invizibile"),
      specifications: [specification],
    });
    expect(await json(response, 400)).toEqual({ errors: [{ msg, path }] });
  });

  it("a category name or a product model of them is refused, as its pattern always did", async () => {
    expect(await json(await admin.call("POST", "/api/category/create", { name: "\u200b" }), 400)).toEqual({
      errors: [{ msg: "INVALID_CATEGORY_NAME", path: "name" }],
    });
    const { category } = await weighed();
    const body = await productBody(category.name, "Model\u2028nou");
    expect(await json(await admin.call("POST", "/api/product/create", body), 400)).toEqual({
      errors: [{ msg: "INVALID_PRODUCT_MODEL", path: "model" }],
    });
  });

  it("a text value with a line separator is refused, and the stored one stays", async () => {
    const { category, product } = await weighed();
    const [weight, engine] = category.specifications;
    const before = await storedValues(product);
    const text = JSON.stringify({ [weight.uuid]: 90, [engine.uuid]: { ro: "Honda\u2028GX", en: "" } });
    const response = await admin.call("PUT", "/api/product/update", updateText(product, text));
    expect(await json(response, 400)).toEqual({
      errors: [{ msg: "INVALID_PRODUCT_SPECIFICATION_TEXT", path: `specifications.${engine.uuid}` }],
    });
    expect(await storedValues(product)).toEqual(before);
  });
});

describe("a specification's key", () => {
  it("never meets another's filter parameter: the form's inputs have names of their own and the address reads one way", async () => {
    const category = await createCategory({
      name: unique("Compactoare"),
      specifications: [
        { name: "Greutate", kind: "number", unit: "kg", filter: true },
        { name: "Greutate min", kind: "choice", options: [{ name: "Usoara" }, { name: "Grea" }], filter: true },
      ],
    });
    const [weight, light] = category.specifications;
    expect([weight.key, light.key]).toEqual(["greutate", "greutate-min-2"]);
    const machine = async (kilograms: number, option: number) =>
      createProduct(admin.server, admin.token, {
        ...(await productBody(category.name, unique("Placa"))),
        specifications: { [weight.uuid]: kilograms, [light.uuid]: light.options[option].uuid },
      } as ProductBody);
    const [small, large] = [await machine(60, 0), await machine(400, 1)];

    const page = await admin.server.fetch(`/categorie/${category.slug}`);
    expect(page.status).toBe(200);
    const names = parseElements(await page.text())
      .filter((element) => ["input", "select"].includes(element.name) && element.attributes.name !== undefined)
      .map((element) => element.attributes.name);
    expect(names.filter((name) => name === "greutate-min")).toHaveLength(1);
    expect(new Set(names.filter((name) => name.startsWith("greutate")))).toEqual(
      new Set(["greutate-min", "greutate-max", "greutate-min-2"]),
    );

    const filtered = await admin.server.fetch(`/categorie/${category.slug}?greutate-min=100`);
    const models = parseElements(await filtered.text())
      .filter((element) => /(^|\s)_model_/.test(element.attributes.class ?? "") && !element.hidden)
      .map((element) => element.content.trim());
    expect(models).toEqual([large.model]);
    expect(models).not.toContain(small.model);
  });
});
