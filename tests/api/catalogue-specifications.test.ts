import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { ErrorCode } from "../../common/errors/error-codes.ts";
import type { AffectedSpecification } from "../../common/specifications/specification-input.ts";
import {
  SPECIFICATION_NAME_MAX_LENGTH,
  SPECIFICATION_OPTIONS_MAX,
  SPECIFICATIONS_MAX,
  type SpecificationView,
} from "../../common/specifications/specification-schema.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createProduct, json, productBody, versionOf, type ProductBody } from "../helpers/catalogue-api.ts";

/**
 * Typed specifications over real HTTP, on either database (TEST_DIALECT): a category's definitions
 * written as an ordered list and edited with values in place, a machine's values checked with their
 * codes, carried when it changes category, and spec §7's payloads changing none of it.
 */

const admin = withAdminServer();

/** The definition list of an excavator category, as the admin screen sends it. */
const EXCAVATOR_SPECIFICATIONS = [
  { name: "Masă operațională", name_en: "Operating weight", kind: "number", unit: "kg", on_card: true, filter: true },
  { name: "Adâncime de săpare", name_en: "Digging depth", kind: "number", unit: "m", on_card: true, filter: true },
  {
    name: "Tren de rulare",
    name_en: "Undercarriage",
    kind: "choice",
    options: [
      { name: "Șenile", name_en: "Tracks" },
      { name: "Roți", name_en: "Wheels" },
    ],
    filter: true,
  },
  { name: "Aer condiționat", name_en: "Air conditioning", kind: "yes_no" },
  { name: "Motor", name_en: "Engine", kind: "text" },
];

type Body = Record<string, unknown>;

let counter = 0;
/** A name no other test of the file uses (categories and models are unique). */
function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${String.fromCharCode(97 + (counter % 26))}${counter}`;
}

async function createCategory(body: Body): Promise<CategoryView> {
  return json<CategoryView>(await admin.call("POST", "/api/category/create", body), 201);
}

async function updateCategory(category: CategoryView, body: Body, status = 200): Promise<CategoryView> {
  return json<CategoryView>(
    await admin.call("PUT", "/api/category/update", { uuid: category.uuid, name: category.name, ...body }),
    status,
  );
}

async function getCategory(uuid: string): Promise<CategoryView> {
  return json<CategoryView>(await admin.server.fetch(`/api/category/${uuid}`), 200);
}

async function getProduct(uuid: string): Promise<ProductView> {
  const [product] = await json<ProductView[]>(await admin.server.fetch(`/api/product/${uuid}`), 200);
  return product;
}

/** The definitions as a payload sends them back: each with its uuid, options with theirs. */
function asInput(definitions: readonly SpecificationView[]): Body[] {
  return definitions.map(({ key: _key, ...definition }) => ({
    ...definition,
    options: definition.options.map(({ key: _optionKey, ...option }) => option),
  }));
}

function byName(category: CategoryView, name: string): SpecificationView {
  const definition = category.specifications.find((candidate) => candidate.name === name);
  if (!definition) throw new Error(`${category.name} has no specification ${name}`);
  return definition;
}

function option(definition: SpecificationView, name: string): string {
  const found = definition.options.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${definition.name} has no option ${name}`);
  return found.uuid;
}

async function excavators(): Promise<CategoryView> {
  return createCategory({ name: unique("Excavatoare"), specifications: EXCAVATOR_SPECIFICATIONS });
}

/** A machine of `category` with values, by the specification's Romanian name. */
async function machine(category: CategoryView, values: Record<string, unknown>): Promise<ProductView> {
  const specifications = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [byName(category, name).uuid, value]),
  );
  return createProduct(admin.server, admin.token, {
    ...(await productBody(category.name, unique("Model"))),
    specifications,
  } as ProductBody);
}

async function sendProduct(product: ProductView, changes: Body): Promise<Response> {
  const body = {
    uuid: product.uuid,
    model: product.model,
    category: product.category,
    header_offer: product.header_offer,
    details: product.details,
    technical_data: product.technical_data,
    header_photo: { uuid: product.header_photo.image.split("/").at(-1)?.split(".")[0] },
    gallery: [],
    ...changes,
  };
  return admin.call("PUT", "/api/product/update", body);
}

async function refusal(
  response: Response,
  status: number,
): Promise<{ code: ErrorCode; affected: AffectedSpecification[] }> {
  return (await json<{ error: { code: ErrorCode; affected: AffectedSpecification[] } }>(response, status)).error;
}

describe("a category's specifications", () => {
  it("are created in the order given, with keys from the Romanian names and options in both languages", async () => {
    const category = await excavators();
    expect(
      category.specifications.map(({ name, name_en, kind, unit, on_card, filter }) => ({
        name,
        name_en,
        kind,
        unit,
        on_card,
        filter,
      })),
    ).toEqual([
      {
        name: "Masă operațională",
        name_en: "Operating weight",
        kind: "number",
        unit: "kg",
        on_card: true,
        filter: true,
      },
      { name: "Adâncime de săpare", name_en: "Digging depth", kind: "number", unit: "m", on_card: true, filter: true },
      { name: "Tren de rulare", name_en: "Undercarriage", kind: "choice", unit: null, on_card: false, filter: true },
      {
        name: "Aer condiționat",
        name_en: "Air conditioning",
        kind: "yes_no",
        unit: null,
        on_card: false,
        filter: false,
      },
      { name: "Motor", name_en: "Engine", kind: "text", unit: null, on_card: false, filter: false },
    ]);
    expect(category.specifications.map((definition) => definition.key)).toEqual([
      "masa-operationala",
      "adancime-de-sapare",
      "tren-de-rulare",
      "aer-conditionat",
      "motor",
    ]);
    expect(
      byName(category, "Tren de rulare").options.map(({ key, name, name_en }) => ({ key, name, name_en })),
    ).toEqual([
      { key: "senile", name: "Șenile", name_en: "Tracks" },
      { key: "roti", name: "Roți", name_en: "Wheels" },
    ]);
    expect(await getCategory(category.uuid)).toEqual(category);
    const all = await json<CategoryView[]>(await admin.server.fetch("/api/category"), 200);
    expect(all.find((candidate) => candidate.uuid === category.uuid)).toEqual(category);
  });

  it("make keys unique in the category, and never a page's own query name", async () => {
    const category = await createCategory({
      name: unique("Diverse"),
      specifications: [
        { name: "Sort", kind: "number" },
        { name: "Lățime (mm)", kind: "number", unit: "mm" },
        { name: "Lățime mm", kind: "text" },
      ],
    });
    expect(category.specifications.map((definition) => definition.key)).toEqual(["sort-2", "latime-mm", "latime-mm-2"]);
  });

  it("are stored with names collapsed and an empty English where none is given", async () => {
    const category = await createCategory({
      name: unique("Pompe"),
      specifications: [{ name: "  Debit   maxim ", kind: "number", unit: "m3h" }],
    });
    expect(category.specifications).toEqual([
      {
        uuid: expect.any(String),
        key: "debit-maxim",
        name: "Debit maxim",
        name_en: "",
        kind: "number",
        unit: "m3h",
        options: [],
        on_card: false,
        filter: false,
      },
    ]);
  });

  it("renew the catalogue version with every write of them, and not when refused", async () => {
    const category = await excavators();
    await machine(category, { "Masă operațională": 5000 });
    const before = await versionOf(admin.server);
    await updateCategory(category, {
      specifications: [...asInput(category.specifications), { name: "Nou", kind: "yes_no" }],
    });
    expect(await versionOf(admin.server)).toBe(before + 1);
    await refusal(
      await admin.call("PUT", "/api/category/update", { uuid: category.uuid, name: category.name, specifications: [] }),
      409,
    );
    expect(await versionOf(admin.server)).toBe(before + 1);
  });

  it("take the largest list: 30 specifications of 20 options, every name 60 letters with diacritics", async () => {
    const long = (index: number, letter: string) => `${index} `.padEnd(SPECIFICATION_NAME_MAX_LENGTH, letter);
    const specifications = Array.from({ length: SPECIFICATIONS_MAX }, (_, index) => ({
      name: long(index, "ș"),
      name_en: long(index, "ö"),
      kind: "choice",
      options: Array.from({ length: SPECIFICATION_OPTIONS_MAX }, (_, option) => ({
        name: long(option, "ț"),
        name_en: long(option, "ü"),
      })),
    }));
    const category = await createCategory({ name: unique("Mare"), specifications });
    expect(category.specifications).toHaveLength(SPECIFICATIONS_MAX);
    expect(category.specifications.flatMap((definition) => definition.options)).toHaveLength(
      SPECIFICATIONS_MAX * SPECIFICATION_OPTIONS_MAX,
    );
    await updateCategory(category, { specifications: asInput(category.specifications) });
  });

  const PATH_CASES: [label: string, specifications: unknown, code: ErrorCode, path: string][] = [
    ["not a list", { name: "x" }, "INVALID_CATEGORY_SPECIFICATIONS", "specifications"],
    [
      "over 30",
      Array.from({ length: 31 }, (_, index) => ({ name: `S${index}`, kind: "yes_no" })),
      "INVALID_CATEGORY_SPECIFICATIONS",
      "specifications",
    ],
    ["an item not an object", ["x"], "INVALID_CATEGORY_SPECIFICATIONS", "specifications.0"],
    ["no name", [{ kind: "number" }], "REQUIRED_SPECIFICATION_NAME", "specifications.0.name"],
    ["a blank name", [{ name: "   ", kind: "number" }], "REQUIRED_SPECIFICATION_NAME", "specifications.0.name"],
    [
      "a name over 60",
      [{ name: "x".repeat(61), kind: "number" }],
      "INVALID_SPECIFICATION_NAME",
      "specifications.0.name",
    ],
    [
      "a name with a line break",
      [{ name: "Masă\noperațională", kind: "number" }],
      "INVALID_SPECIFICATION_NAME",
      "specifications.0.name",
    ],
    [
      "an English name over 60",
      [{ name: "Masă", name_en: "x".repeat(61), kind: "number" }],
      "INVALID_SPECIFICATION_NAME_EN",
      "specifications.0.name_en",
    ],
    [
      "a name twice, diacritics aside",
      [
        { name: "Masă", kind: "number" },
        { name: "MASA", kind: "text" },
      ],
      "DUPLICATE_SPECIFICATION_NAME",
      "specifications.1.name",
    ],
    ["an unknown kind", [{ name: "Masă", kind: "date" }], "INVALID_SPECIFICATION_KIND", "specifications.0.kind"],
    [
      "an unknown unit",
      [{ name: "Masă", kind: "number", unit: "lb" }],
      "INVALID_SPECIFICATION_UNIT",
      "specifications.0.unit",
    ],
    [
      "a unit on a yes/no",
      [{ name: "Cabină", kind: "yes_no", unit: "kg" }],
      "INVALID_SPECIFICATION_UNIT",
      "specifications.0.unit",
    ],
    [
      "a choice of one option",
      [{ name: "Tren", kind: "choice", options: [{ name: "Șenile" }] }],
      "INVALID_SPECIFICATION_OPTIONS",
      "specifications.0.options",
    ],
    [
      "a choice of 21 options",
      [{ name: "Tren", kind: "choice", options: Array.from({ length: 21 }, (_, index) => ({ name: `O${index}` })) }],
      "INVALID_SPECIFICATION_OPTIONS",
      "specifications.0.options",
    ],
    [
      "options on a number",
      [{ name: "Masă", kind: "number", options: [{ name: "a" }, { name: "b" }] }],
      "INVALID_SPECIFICATION_OPTIONS",
      "specifications.0.options",
    ],
    [
      "an option without a name",
      [{ name: "Tren", kind: "choice", options: [{ name: "Șenile" }, { name: "" }] }],
      "REQUIRED_SPECIFICATION_OPTION_NAME",
      "specifications.0.options.1.name",
    ],
    [
      "an option twice",
      [{ name: "Tren", kind: "choice", options: [{ name: "Șenile" }, { name: "senile" }] }],
      "DUPLICATE_SPECIFICATION_OPTION",
      "specifications.0.options.1.name",
    ],
    [
      "four on the cards",
      ["A", "B", "C", "D"].map((name) => ({ name, kind: "yes_no", on_card: true })),
      "TOO_MANY_CARD_SPECIFICATIONS",
      "specifications.3.on_card",
    ],
    [
      "an unknown uuid",
      [{ uuid: randomUUID(), name: "Masă", kind: "number" }],
      "UNKNOWN_SPECIFICATION",
      "specifications.0.uuid",
    ],
  ];

  it.each(PATH_CASES)("refuses %s with its code at its field", async (_label, specifications, code, path) => {
    const response = await admin.call("POST", "/api/category/create", { name: unique("Refuzata"), specifications });
    expect(await json(response, 400)).toEqual({ errors: [{ msg: code, path }] });
  });

  it("refuses a uuid of another category's specification, and an option of another specification", async () => {
    const [category, other] = [await excavators(), await excavators()];
    const input = asInput(category.specifications);
    const foreign = { ...input[0], uuid: other.specifications[0].uuid };
    expect(
      await json(
        await admin.call("PUT", "/api/category/update", {
          uuid: category.uuid,
          name: category.name,
          specifications: [foreign, ...input.slice(1)],
        }),
        400,
      ),
    ).toEqual({
      errors: [{ msg: "UNKNOWN_SPECIFICATION", path: "specifications.0.uuid" }],
    });
    const choice = input[2] as { options: Body[] };
    const foreignOption = {
      ...input[2],
      options: [choice.options[0], { uuid: byName(other, "Tren de rulare").options[1].uuid, name: "Roți" }],
    };
    const response = await admin.call("PUT", "/api/category/update", {
      uuid: category.uuid,
      name: category.name,
      specifications: [...input.slice(0, 2), foreignOption, ...input.slice(3)],
    });
    expect(await json(response, 400)).toEqual({
      errors: [{ msg: "INVALID_SPECIFICATION_OPTIONS", path: "specifications.2.options.1.uuid" }],
    });
    expect(await getCategory(category.uuid)).toEqual(category);
  });
});

describe("spec §7's payloads", () => {
  it("change no specification nor value, and the replies keep every field they had", async () => {
    const category = await excavators();
    const product = await machine(category, {
      "Masă operațională": 5540,
      "Tren de rulare": option(byName(category, "Tren de rulare"), "Șenile"),
    });
    const renamed = await json<CategoryView>(
      await admin.call("PUT", "/api/category/update", { uuid: category.uuid, name: `${category.name} noi` }),
      200,
    );
    expect(renamed.specifications).toEqual(category.specifications);
    expect(Object.keys(renamed)).toEqual(expect.arrayContaining(["uuid", "name", "name_en", "slug", "header_photo"]));

    const response = await sendProduct(product, { category: renamed.name, model: `${product.model} bis` });
    const updated = await json<ProductView>(response, 200);
    expect(updated.specifications).toEqual(product.specifications);
    expect(Object.keys(updated)).toEqual(
      expect.arrayContaining([
        "uuid",
        "model",
        "slug",
        "category",
        "category_uuid",
        "header_offer",
        "details",
        "technical_data",
        "header_photo",
        "gallery",
      ]),
    );
    expect((await getProduct(product.uuid)).specifications).toEqual(product.specifications);
  });

  it("create a category without specifications and a machine without values", async () => {
    const category = await json<CategoryView>(
      await admin.call("POST", "/api/category/create", { name: unique("Generatoare") }),
      201,
    );
    expect(category.specifications).toEqual([]);
    const product = await createProduct(admin.server, admin.token, await productBody(category.name, unique("Model")));
    expect(product.specifications).toEqual({});
  });
});

describe("a machine's values", () => {
  it("are stored by kind and given back by specification uuid, in lower case and on one line", async () => {
    const category = await excavators();
    const undercarriage = byName(category, "Tren de rulare");
    const product = await machine(category, {
      "Masă operațională": 5540,
      "Adâncime de săpare": 3.81,
      "Tren de rulare": option(undercarriage, "Roți").toUpperCase(),
      "Aer condiționat": false,
      Motor: { ro: "  Kubota   V2607 ", en: "Kubota V2607" },
    });
    expect(product.specifications).toEqual({
      [byName(category, "Masă operațională").uuid]: 5540,
      [byName(category, "Adâncime de săpare").uuid]: 3.81,
      [undercarriage.uuid]: option(undercarriage, "Roți"),
      [byName(category, "Aer condiționat").uuid]: false,
      [byName(category, "Motor").uuid]: { ro: "Kubota V2607", en: "Kubota V2607" },
    });
    expect((await getProduct(product.uuid)).specifications).toEqual(product.specifications);
    const listed = await json<ProductView[]>(await admin.server.fetch(`/api/product/category/${category.uuid}`), 200);
    expect(listed.map((item) => item.specifications)).toEqual([product.specifications]);
  });

  it("are replaced as a whole when given: null, absent or an empty text is no value", async () => {
    const category = await excavators();
    const weight = byName(category, "Masă operațională").uuid;
    const depth = byName(category, "Adâncime de săpare").uuid;
    const engine = byName(category, "Motor").uuid;
    const product = await machine(category, {
      "Masă operațională": 5540,
      "Adâncime de săpare": 3.81,
      Motor: { ro: "Diesel", en: "" },
    });
    const updated = await json<ProductView>(
      await sendProduct(product, { specifications: { [weight]: 5600, [depth]: null, [engine]: { ro: " ", en: "" } } }),
      200,
    );
    expect(updated.specifications).toEqual({ [weight]: 5600 });
  });

  it("are kept by an update without the field", async () => {
    const category = await excavators();
    const product = await machine(category, { "Masă operațională": 5540 });
    const updated = await json<ProductView>(await sendProduct(product, {}), 200);
    expect(updated.specifications).toEqual(product.specifications);
  });

  const VALUE_CASES: [label: string, specification: string, value: unknown, code: ErrorCode][] = [
    ["a number as text", "Masă operațională", "5540", "INVALID_PRODUCT_SPECIFICATION_NUMBER"],
    ["a number with 4 decimals", "Adâncime de săpare", 3.8125, "INVALID_PRODUCT_SPECIFICATION_NUMBER"],
    ["a number over 1e9", "Masă operațională", 1_000_000_001, "PRODUCT_SPECIFICATION_OUT_OF_RANGE"],
    ["a number under -1e9", "Masă operațională", -1_000_000_001, "PRODUCT_SPECIFICATION_OUT_OF_RANGE"],
    ["an unknown option", "Tren de rulare", randomUUID(), "UNKNOWN_PRODUCT_SPECIFICATION_OPTION"],
    ["an option's name", "Tren de rulare", "Șenile", "UNKNOWN_PRODUCT_SPECIFICATION_OPTION"],
    ["yes/no as a number", "Aer condiționat", 1, "INVALID_PRODUCT_SPECIFICATION_YES_NO"],
    ["a text as a string", "Motor", "Diesel", "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    ["a text over 120", "Motor", { ro: "x".repeat(121), en: "" }, "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    ["a text only in English", "Motor", { ro: "", en: "Diesel" }, "INVALID_PRODUCT_SPECIFICATION_TEXT"],
  ];

  it.each(VALUE_CASES)("refuses %s with its code at specifications.<uuid>", async (_label, name, value, code) => {
    const category = await excavators();
    const uuid = byName(category, name).uuid;
    const body = { ...(await productBody(category.name, unique("Refuzat"))), specifications: { [uuid]: value } };
    expect(await json(await admin.call("POST", "/api/product/create", body), 400)).toEqual({
      errors: [{ msg: code, path: `specifications.${uuid}` }],
    });
  });

  it("refuses a field that is not an object, an unknown specification and another category's", async () => {
    const [category, other] = [await excavators(), await excavators()];
    const base = await productBody(category.name, unique("Refuzat"));
    expect(
      await json(await admin.call("POST", "/api/product/create", { ...base, specifications: [5540] }), 400),
    ).toEqual({
      errors: [{ msg: "INVALID_PRODUCT_SPECIFICATIONS", path: "specifications" }],
    });
    const unknown = randomUUID();
    const foreign = other.specifications[0].uuid;
    const response = await admin.call("POST", "/api/product/create", {
      ...base,
      specifications: { [unknown]: 1, [foreign]: 1, "not-a-uuid": 1 },
    });
    expect(await json(response, 400)).toEqual({
      errors: [{ msg: "UNKNOWN_PRODUCT_SPECIFICATION", path: "specifications.not-a-uuid" }],
    });
    const again = await admin.call("POST", "/api/product/create", {
      ...base,
      specifications: { [unknown]: 1, [foreign]: 1 },
    });
    expect(await json(again, 400)).toEqual({
      errors: [
        { msg: "UNKNOWN_PRODUCT_SPECIFICATION", path: `specifications.${unknown}` },
        { msg: "PRODUCT_SPECIFICATION_NOT_IN_CATEGORY", path: `specifications.${foreign}` },
      ],
    });
    const products = await json<ProductView[]>(await admin.server.fetch(`/api/product/category/${category.uuid}`), 200);
    expect(products).toEqual([]);
  });
});

describe("definitions edited with values in place", () => {
  it("keep the values and the key through a rename, a new order and a renamed option", async () => {
    const category = await excavators();
    const undercarriage = byName(category, "Tren de rulare");
    const product = await machine(category, {
      "Masă operațională": 5540,
      "Tren de rulare": option(undercarriage, "Șenile"),
    });
    const input = asInput(category.specifications) as (Body & { options: Body[] })[];
    const renamed = [
      {
        ...input[2],
        name: "Șasiu",
        options: [{ ...input[2].options[1] }, { ...input[2].options[0], name: "Șenile de cauciuc" }],
      },
      { ...input[0], name: "Greutate", name_en: "Weight" },
      ...input.slice(3),
      input[1],
    ];
    const updated = await updateCategory(category, { specifications: renamed });
    expect(updated.specifications.map((definition) => [definition.name, definition.key])).toEqual([
      ["Șasiu", "tren-de-rulare"],
      ["Greutate", "masa-operationala"],
      ["Aer condiționat", "aer-conditionat"],
      ["Motor", "motor"],
      ["Adâncime de săpare", "adancime-de-sapare"],
    ]);
    expect(byName(updated, "Șasiu").options.map((item) => [item.name, item.key])).toEqual([
      ["Roți", "roti"],
      ["Șenile de cauciuc", "senile"],
    ]);
    expect((await getProduct(product.uuid)).specifications).toEqual(product.specifications);
  });

  it("ask before removing a specification that machines have, naming them, then remove it with its values", async () => {
    const category = await excavators();
    const first = await machine(category, { "Masă operațională": 5540, "Adâncime de săpare": 3.81 });
    const second = await machine(category, { "Masă operațională": 8000 });
    const weight = byName(category, "Masă operațională");
    const without = asInput(category.specifications).filter((definition) => definition.uuid !== weight.uuid);
    const refused = await refusal(
      await admin.call("PUT", "/api/category/update", {
        uuid: category.uuid,
        name: category.name,
        specifications: without,
      }),
      409,
    );
    expect(refused.code).toBe("SPECIFICATION_VALUES_AFFECTED");
    expect(refused.affected).toEqual([
      {
        uuid: weight.uuid,
        name: "Masă operațională",
        change: "removed",
        products: expect.arrayContaining([
          { uuid: first.uuid, model: first.model },
          { uuid: second.uuid, model: second.model },
        ]),
      },
    ]);
    expect(refused.affected[0].products).toHaveLength(2);
    expect(await getCategory(category.uuid)).toEqual(category);
    expect((await getProduct(first.uuid)).specifications).toEqual(first.specifications);

    const updated = await updateCategory(category, { specifications: without, confirm_value_changes: true });
    expect(updated.specifications.map((definition) => definition.name)).not.toContain("Masă operațională");
    expect((await getProduct(first.uuid)).specifications).toEqual({
      [byName(category, "Adâncime de săpare").uuid]: 3.81,
    });
    expect((await getProduct(second.uuid)).specifications).toEqual({});
  });

  it("remove a specification no machine has without asking", async () => {
    const category = await excavators();
    await machine(category, { "Masă operațională": 5540 });
    const without = asInput(category.specifications).filter((definition) => definition.name !== "Motor");
    const updated = await updateCategory(category, { specifications: without });
    expect(updated.specifications).toHaveLength(4);
  });

  it("ask before removing an option machines chose, then drop those values only", async () => {
    const category = await excavators();
    const undercarriage = byName(category, "Tren de rulare");
    const tracked = await machine(category, { "Tren de rulare": option(undercarriage, "Șenile") });
    const wheeled = await machine(category, { "Tren de rulare": option(undercarriage, "Roți") });
    const input = asInput(category.specifications) as (Body & { options: Body[] })[];
    const specifications = input.map((definition, index) =>
      index === 2 ? { ...definition, options: [definition.options[0], { name: "Pneuri" }] } : definition,
    );
    const refused = await refusal(
      await admin.call("PUT", "/api/category/update", { uuid: category.uuid, name: category.name, specifications }),
      409,
    );
    expect(refused.affected).toEqual([
      {
        uuid: undercarriage.uuid,
        name: "Tren de rulare",
        change: "options_removed",
        products: [{ uuid: wheeled.uuid, model: wheeled.model }],
      },
    ]);

    const updated = await updateCategory(category, { specifications, confirm_value_changes: true });
    expect(byName(updated, "Tren de rulare").options.map((item) => item.name)).toEqual(["Șenile", "Pneuri"]);
    expect((await getProduct(tracked.uuid)).specifications).toEqual(tracked.specifications);
    expect((await getProduct(wheeled.uuid)).specifications).toEqual({});
  });

  it("ask before a kind change, then drop the values", async () => {
    const category = await excavators();
    const product = await machine(category, { "Aer condiționat": true, "Masă operațională": 5540 });
    const ac = byName(category, "Aer condiționat");
    const specifications = asInput(category.specifications).map((definition) =>
      definition.uuid === ac.uuid ? { ...definition, kind: "text" } : definition,
    );
    const refused = await refusal(
      await admin.call("PUT", "/api/category/update", { uuid: category.uuid, name: category.name, specifications }),
      409,
    );
    expect(refused.affected).toEqual([
      {
        uuid: ac.uuid,
        name: "Aer condiționat",
        change: "kind_changed",
        products: [{ uuid: product.uuid, model: product.model }],
      },
    ]);
    const updated = await updateCategory(category, { specifications, confirm_value_changes: true });
    expect(byName(updated, "Aer condiționat")).toMatchObject({ uuid: ac.uuid, kind: "text", key: ac.key });
    expect((await getProduct(product.uuid)).specifications).toEqual({
      [byName(category, "Masă operațională").uuid]: 5540,
    });
  });

  it("ask before a unit change, then keep the numbers, read in the new unit", async () => {
    const category = await excavators();
    const product = await machine(category, { "Masă operațională": 5.54 });
    const weight = byName(category, "Masă operațională");
    const specifications = asInput(category.specifications).map((definition) =>
      definition.uuid === weight.uuid ? { ...definition, unit: "t" } : definition,
    );
    const refused = await refusal(
      await admin.call("PUT", "/api/category/update", { uuid: category.uuid, name: category.name, specifications }),
      409,
    );
    expect(refused.affected).toEqual([
      {
        uuid: weight.uuid,
        name: "Masă operațională",
        change: "unit_changed",
        products: [{ uuid: product.uuid, model: product.model }],
      },
    ]);
    const updated = await updateCategory(category, { specifications, confirm_value_changes: true });
    expect(byName(updated, "Masă operațională").unit).toBe("t");
    expect((await getProduct(product.uuid)).specifications).toEqual(product.specifications);
  });
});

describe("a machine moved to another category", () => {
  it("keeps the values both categories share (name without diacritics, kind, unit; a choice's option by name) and drops the others", async () => {
    const from = await excavators();
    const to = await createCategory({
      name: unique("Buldoexcavatoare"),
      specifications: [
        { name: "MASA OPERATIONALA", kind: "number", unit: "kg" },
        { name: "Adâncime de săpare", kind: "number", unit: "mm" },
        { name: "Tren de rulare", kind: "choice", options: [{ name: "Roti" }, { name: "Senile" }] },
        { name: "Aer condiționat", kind: "text" },
        { name: "Motor", kind: "text" },
      ],
    });
    const product = await machine(from, {
      "Masă operațională": 8070,
      "Adâncime de săpare": 5.97,
      "Tren de rulare": option(byName(from, "Tren de rulare"), "Roți"),
      "Aer condiționat": true,
      Motor: { ro: "Diesel", en: "Diesel" },
    });
    const moved = await json<ProductView>(await sendProduct(product, { category: to.name }), 200);
    expect(moved.category_uuid).toBe(to.uuid);
    expect(moved.specifications).toEqual({
      [byName(to, "MASA OPERATIONALA").uuid]: 8070,
      [byName(to, "Tren de rulare").uuid]: option(byName(to, "Tren de rulare"), "Roti"),
      [byName(to, "Motor").uuid]: { ro: "Diesel", en: "Diesel" },
    });
    expect((await getProduct(product.uuid)).specifications).toEqual(moved.specifications);

    // Moved back: only what it still has comes along.
    const back = await json<ProductView>(await sendProduct(moved, { category: from.name }), 200);
    expect(back.specifications).toEqual({
      [byName(from, "Masă operațională").uuid]: 8070,
      [byName(from, "Tren de rulare").uuid]: option(byName(from, "Tren de rulare"), "Roți"),
      [byName(from, "Motor").uuid]: { ro: "Diesel", en: "Diesel" },
    });
  });

  it("takes the values the payload gives instead, checked against the new category", async () => {
    const [from, to] = [await excavators(), await excavators()];
    const product = await machine(from, { "Masă operațională": 8070 });
    const stale = await sendProduct(product, {
      category: to.name,
      specifications: { [byName(from, "Masă operațională").uuid]: 8070 },
    });
    expect(await json(stale, 400)).toEqual({
      errors: [
        {
          msg: "PRODUCT_SPECIFICATION_NOT_IN_CATEGORY",
          path: `specifications.${byName(from, "Masă operațională").uuid}`,
        },
      ],
    });
    expect((await getProduct(product.uuid)).category_uuid).toBe(from.uuid);
    const moved = await json<ProductView>(
      await sendProduct(product, { category: to.name, specifications: { [byName(to, "Adâncime de săpare").uuid]: 4 } }),
      200,
    );
    expect(moved.specifications).toEqual({ [byName(to, "Adâncime de săpare").uuid]: 4 });
  });

  it("has no values once its category is deleted", async () => {
    const category = await excavators();
    const product = await machine(category, { "Masă operațională": 5540 });
    expect(await json(await admin.call("DELETE", `/api/category/${category.uuid}`), 204)).toBeUndefined();
    const orphan = await getProduct(product.uuid);
    expect(orphan.category_uuid).toBeNull();
    expect(orphan.specifications).toEqual({});
  });
});
