import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { categoryCreateSchema, categoryUpdateSchema } from "../../common/schemas/category.ts";
import { productCreateSchema } from "../../common/schemas/product.ts";
import {
  comparableName,
  normalizedSpecificationValue,
  specificationValueIssue,
  type SpecificationDefinition,
} from "../../common/specifications/specification-input.ts";

/** The codes a schema reports, by field path. */
function codes(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byPath: Record<string, string> = {};
  for (const issue of result.error.issues) byPath[issue.path.join(".")] ??= issue.message;
  return byPath;
}

const UUID = "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70";
const OPTION = "0b7d3a1e-5c2f-4e8a-9d6b-1f2e3d4c5b6a";
const number: SpecificationDefinition = { kind: "number", options: [] };
const choice: SpecificationDefinition = { kind: "choice", options: [{ uuid: OPTION }] };
const yesNo: SpecificationDefinition = { kind: "yes_no", options: [] };
const text: SpecificationDefinition = { kind: "text", options: [] };

describe("a category's specifications field", () => {
  it("is optional: spec §7's payloads parse as before", () => {
    expect(categoryCreateSchema.parse({ name: "Excavatoare" })).toEqual({ name: "Excavatoare" });
    expect(categoryUpdateSchema.parse({ uuid: UUID, name: "Excavatoare" })).toEqual({
      uuid: UUID,
      name: "Excavatoare",
    });
  });

  it("fills the defaults and normalises names and ids", () => {
    const parsed = categoryUpdateSchema.parse({
      uuid: UUID,
      name: "Excavatoare",
      confirm_value_changes: true,
      specifications: [
        { uuid: UUID.toUpperCase(), name: "  Masă   operațională ", kind: "number", unit: "kg" },
        {
          name: "Șasiu",
          name_en: " Undercarriage ",
          kind: "choice",
          options: [{ name: "Șenile" }, { uuid: OPTION.toUpperCase(), name: "Roți", name_en: "Wheels" }],
          on_card: true,
        },
      ],
    });
    expect(parsed.specifications).toEqual([
      {
        uuid: UUID,
        name: "Masă operațională",
        name_en: "",
        kind: "number",
        unit: "kg",
        options: [],
        on_card: false,
        filter: false,
      },
      {
        name: "Șasiu",
        name_en: "Undercarriage",
        kind: "choice",
        unit: null,
        options: [
          { name: "Șenile", name_en: "" },
          { uuid: OPTION, name: "Roți", name_en: "Wheels" },
        ],
        on_card: true,
        filter: false,
      },
    ]);
    expect(parsed.confirm_value_changes).toBe(true);
  });

  it("composes a name typed with combining marks, so it compares equal to the precomposed one", () => {
    const [definition] =
      categoryCreateSchema.parse({ name: "X", specifications: [{ name: "Masa\u0306", kind: "yes_no" }] })
        .specifications ?? [];
    expect(definition?.name).toBe("Masă");
  });

  it.each([
    [{ name: "A", kind: "number" }, { name: "a", kind: "text" }, "specifications.1.name"],
    [{ name: "Lățime", kind: "number" }, { name: "LATIME", kind: "number" }, "specifications.1.name"],
  ])("refuses two names equal apart from case and diacritics", (first, second, path) => {
    expect(codes(categoryCreateSchema, { name: "X", specifications: [first, second] })).toEqual({
      [path]: "DUPLICATE_SPECIFICATION_NAME",
    });
  });

  it("refuses a uuid twice in the list", () => {
    expect(
      codes(categoryCreateSchema, {
        name: "X",
        specifications: [
          { uuid: UUID, name: "A", kind: "text" },
          { uuid: UUID, name: "B", kind: "text" },
        ],
      }),
    ).toEqual({
      "specifications.1.uuid": "UNKNOWN_SPECIFICATION",
    });
  });

  it.each([
    [{ uuid: "12", name: "A", kind: "text" }, "specifications.0.uuid", "UNKNOWN_SPECIFICATION"],
    [
      { name: "A", kind: "choice", options: [{ name: "a", uuid: "x" }, { name: "b" }] },
      "specifications.0.options.0.uuid",
      "INVALID_SPECIFICATION_OPTIONS",
    ],
    [{ name: "A", kind: "choice", options: "a, b" }, "specifications.0.options", "INVALID_SPECIFICATION_OPTIONS"],
    [{ name: "A", kind: "number", on_card: "yes" }, "specifications.0.on_card", "INVALID_CATEGORY_SPECIFICATIONS"],
    [{ name: "A", kind: "number", unit: null, options: [] }, "", ""],
    [{ name: 5, kind: "number" }, "specifications.0.name", "INVALID_SPECIFICATION_NAME"],
    [{ name: null, kind: "number" }, "specifications.0.name", "REQUIRED_SPECIFICATION_NAME"],
    [{ name: "A", kind: null }, "specifications.0.kind", "INVALID_SPECIFICATION_KIND"],
  ])("checks %j", (definition, path, code) => {
    expect(codes(categoryCreateSchema, { name: "X", specifications: [definition] })).toEqual(
      path ? { [path]: code } : {},
    );
  });

  it.each([
    ["\u200b", "name", "INVALID_SPECIFICATION_NAME"],
    ["Greutate\u2028totala", "name", "INVALID_SPECIFICATION_NAME"],
    ["Greutate\u202etotala", "name", "INVALID_SPECIFICATION_NAME"],
    ["\u2800", "name", "INVALID_SPECIFICATION_NAME"],
    ["\u3164 \u00ad", "name", "INVALID_SPECIFICATION_NAME"],
    ["\u3000 \u00a0", "name", "REQUIRED_SPECIFICATION_NAME"],
    ["Weight\u2029", "name_en", "INVALID_SPECIFICATION_NAME_EN"],
    ["\ufeff", "name_en", "INVALID_SPECIFICATION_NAME_EN"],
    ["Weight\u0085", "name_en", "INVALID_SPECIFICATION_NAME_EN"],
  ])("refuses the name %j, hidden or showing nothing, at its %s", (name, field, code) => {
    expect(
      codes(categoryCreateSchema, { name: "X", specifications: [{ name: "Greutate", kind: "number", [field]: name }] }),
    ).toEqual({ [`specifications.0.${field}`]: code });
  });

  it.each([["\u200b"], ["Roti\u2028mari"], ["\u2800"]])("refuses the option name %j", (name) => {
    const specification = { name: "Tren", kind: "choice", options: [{ name: "Senile" }, { name }] };
    expect(Object.values(codes(categoryCreateSchema, { name: "X", specifications: [specification] }))).toEqual([
      "INVALID_SPECIFICATION_OPTIONS",
    ]);
  });

  it("keeps a name with diacritics, punctuation and symbols: they show", () => {
    expect(
      codes(categoryCreateSchema, {
        name: "X",
        specifications: [{ name: "Adâncime max. (ø) — 2×", name_en: "Depth ±", kind: "number" }],
      }),
    ).toEqual({});
  });

  it("refuses a confirmation that is not a boolean", () => {
    expect(codes(categoryUpdateSchema, { uuid: UUID, name: "X", confirm_value_changes: "da" })).toEqual({
      confirm_value_changes: "INVALID_CATEGORY_SPECIFICATIONS",
    });
  });
});

describe("a product's specifications field", () => {
  const product = {
    model: "CAT 320",
    category: "Excavatoare",
    header_offer: "<p>Oferta</p>",
    details: "<p>Detalii</p>",
    technical_data: "<p>Date</p>",
    header_photo: { mime_type: "image/png", image: "iVBORw0KGgo=" },
  };

  it("is optional, and its keys are read in lower case", () => {
    expect(productCreateSchema.parse(product)).not.toHaveProperty("specifications");
    expect(
      productCreateSchema.parse({ ...product, specifications: { [UUID.toUpperCase()]: 5 } }).specifications,
    ).toEqual({ [UUID]: 5 });
  });

  it.each([[[1]], ["x"], [5], [null]])("refuses %j, not an object", (specifications) => {
    expect(codes(productCreateSchema, { ...product, specifications })).toEqual({
      specifications: "INVALID_PRODUCT_SPECIFICATIONS",
    });
  });

  it("refuses a key that is not a uuid", () => {
    expect(codes(productCreateSchema, { ...product, specifications: { masa: 5 } })).toEqual({
      "specifications.masa": "UNKNOWN_PRODUCT_SPECIFICATION",
    });
  });

  it("refuses __proto__ as parsed JSON gives it (an own key), never reading it as no values", () => {
    const body: unknown = JSON.parse(`{"specifications": {"__proto__": {"x": 1}}}`);
    expect(codes(productCreateSchema, { ...product, ...(body as object) })).toEqual({
      "specifications.__proto__": "UNKNOWN_PRODUCT_SPECIFICATION",
    });
  });

  it("refuses more keys than a category has specifications, whole, at the field", () => {
    const keys = (count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, index) => [`${UUID.slice(0, -4)}${String(index).padStart(4, "0")}`, null]),
      );
    expect(codes(productCreateSchema, { ...product, specifications: keys(30) })).toEqual({});
    expect(codes(productCreateSchema, { ...product, specifications: { ...keys(31) } })).toEqual({
      specifications: "TOO_MANY_PRODUCT_SPECIFICATIONS",
    });
  });
});

describe("specificationValueIssue", () => {
  it.each([
    [number, 22500, null],
    [number, 6.72, null],
    [number, -0.125, null],
    [number, 1_000_000_000, null],
    [number, 1_000_000_000.5, "PRODUCT_SPECIFICATION_OUT_OF_RANGE"],
    [number, 0.1 + 0.2, "INVALID_PRODUCT_SPECIFICATION_NUMBER"],
    [number, 1.0005, "INVALID_PRODUCT_SPECIFICATION_NUMBER"],
    [number, Number.NaN, "INVALID_PRODUCT_SPECIFICATION_NUMBER"],
    [number, Number.POSITIVE_INFINITY, "INVALID_PRODUCT_SPECIFICATION_NUMBER"],
    [number, "22500", "INVALID_PRODUCT_SPECIFICATION_NUMBER"],
    [choice, OPTION, null],
    [choice, OPTION.toUpperCase(), null],
    [choice, UUID, "UNKNOWN_PRODUCT_SPECIFICATION_OPTION"],
    [choice, 1, "UNKNOWN_PRODUCT_SPECIFICATION_OPTION"],
    [yesNo, true, null],
    [yesNo, false, null],
    [yesNo, "true", "INVALID_PRODUCT_SPECIFICATION_YES_NO"],
    [yesNo, 0, "INVALID_PRODUCT_SPECIFICATION_YES_NO"],
    [text, { ro: "Diesel", en: "" }, null],
    [text, { ro: "Diesel" }, null],
    [text, { ro: "", en: "" }, null],
    [text, { ro: "x".repeat(120), en: "y".repeat(120) }, null],
    [text, { ro: "x".repeat(121), en: "" }, "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    [text, { ro: "Diesel", en: "x".repeat(121) }, "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    [text, { ro: "", en: "Diesel" }, "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    [text, { ro: "a\nb", en: "" }, "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    [text, { ro: "\u200b", en: "" }, "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    [text, { ro: "Diesel", en: "Diesel\u2028engine" }, "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    [text, { ro: "\u2800\u2800", en: "" }, "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    [text, { ro: 5, en: "" }, "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    [text, ["Diesel"], "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    [text, "Diesel", "INVALID_PRODUCT_SPECIFICATION_TEXT"],
    [number, null, null],
    [text, null, null],
  ] as const)("%j, %j → %s", (definition, value, code) => {
    expect(specificationValueIssue(definition, value)).toBe(code);
  });
});

describe("normalizedSpecificationValue", () => {
  it("stores option ids in lower case and texts on one line, an empty text as no value", () => {
    expect(normalizedSpecificationValue(choice, OPTION.toUpperCase())).toBe(OPTION);
    expect(normalizedSpecificationValue(text, { ro: "  Kubota   V2607 ", en: " " })).toEqual({
      ro: "Kubota V2607",
      en: "",
    });
    expect(normalizedSpecificationValue(text, { ro: " ", en: "" })).toBeNull();
    expect(normalizedSpecificationValue(number, 6.72)).toBe(6.72);
    expect(normalizedSpecificationValue(yesNo, false)).toBe(false);
    expect(normalizedSpecificationValue(number, "6.72")).toBeNull();
  });
});

describe("comparableName", () => {
  it("compares names apart from case, diacritics (either cedilla or comma) and spaces", () => {
    expect(comparableName("  Masă   Operațională ")).toBe("masa operationala");
    expect(comparableName("Lăţime şenile")).toBe(comparableName("LATIME SENILE"));
  });
});
