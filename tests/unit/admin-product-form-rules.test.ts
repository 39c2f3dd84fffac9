import { describe, expect, it } from "vitest";
import { schemaResolver } from "@mantine/form";
import { RICH_TEXT_MAX_LENGTH } from "../../common/fields/field-rules.ts";
import { GALLERY_RULES } from "../../app/admin/pictures/upload-rules.ts";
import {
  productFormSchema,
  productTextSchema,
  type ProductTextValues,
} from "../../app/admin/products/product-text-rules.ts";
import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { codesToMessages } from "../../app/admin/editing/forms.ts";
import { priceFieldsOf } from "../../app/admin/products/price-fields.ts";

/** What the product form shows under its fields: the schema's codes through the message table. */
const productTextErrors = (values: Omit<ProductTextValues, "specifications" | "prices">) =>
  codesToMessages(schemaResolver(productTextSchema, { sync: true })(values));

const valid = {
  category: "Excavatoare",
  model: "CAT 320",
  header_offer: "<p>Oferta</p>",
  details: "<p>Detalii</p>",
  technical_data: "<table><tbody><tr><td>1</td></tr></tbody></table>",
  header_offer_en: "",
  details_en: "",
  technical_data_en: "",
  units: 1,
};

describe("the product form's text rules (the API's schema, spec §5 messages)", () => {
  it("passes a complete product", () => {
    expect(productTextErrors(valid)).toEqual({});
  });

  it("shows the spec's message for each missing field", () => {
    expect(
      productTextErrors({
        ...valid,
        category: "",
        model: "  ",
        header_offer: "",
        details: "<p></p>",
        technical_data: "<p>&nbsp;</p>",
      }),
    ).toEqual({
      category: "Categoria este obligatorie",
      model: "Modelul este obligatoriu",
      header_offer: "Antetul ofertei este obligatoriu",
      details: "Detaliile sunt obligatorii",
      technical_data: "Datele tehnice sunt obligatorii",
    });
  });

  it("refuses a model with characters outside the pattern, or too long", () => {
    expect(productTextErrors({ ...valid, model: "<script>" }).model).toBe("Modelul contine caractere nepermise");
    expect(productTextErrors({ ...valid, model: "a".repeat(101) }).model).toBe("Modelul contine caractere nepermise");
  });

  it("leaves the English optional, under the Romanian texts' length limit and its own messages", () => {
    expect(productTextErrors({ ...valid, header_offer_en: "<p>Offer</p>", details_en: "<p></p>" })).toEqual({});
    const tooLong = `<p>${"a".repeat(RICH_TEXT_MAX_LENGTH)}</p>`;
    expect(
      productTextErrors({ ...valid, header_offer_en: tooLong, details_en: tooLong, technical_data_en: tooLong }),
    ).toEqual({
      header_offer_en: "Antetul ofertei in engleza nu este valid",
      details_en: "Detaliile in engleza nu sunt valide",
      technical_data_en: "Datele tehnice in engleza nu sunt valide",
    });
  });

  it("takes 0 to 999 whole units in the fleet, 0 being on request", () => {
    expect(productTextErrors({ ...valid, units: 0 })).toEqual({});
    expect(productTextErrors({ ...valid, units: 999 })).toEqual({});
    for (const units of [-1, 1000, 1.5, ""]) {
      expect(productTextErrors({ ...valid, units }).units, String(units)).toBe(
        "Unitatile in flota trebuie sa fie un numar intreg intre 0 si 999",
      );
    }
  });

  it("lets the gallery take the types spec §5 names", () => {
    expect(GALLERY_RULES.accept).toEqual(expect.arrayContaining(["image/jpeg", "image/png", "image/bmp"]));
    expect(GALLERY_RULES.accept).not.toContain("image/webp");
  });
});

describe("the product form's specification fields", () => {
  const weight = "00000000-0000-4000-8000-000000000001";
  const engine = "00000000-0000-4000-8000-000000000002";
  const category: CategoryView = {
    uuid: "00000000-0000-4000-8000-000000000010",
    name: "Excavatoare",
    name_en: "",
    slug: "excavatoare",
    header_photo: null,
    version: 1,
    specifications: [
      {
        uuid: weight,
        key: "masa",
        name: "Masa",
        name_en: "",
        kind: "number",
        unit: "kg",
        options: [],
        on_card: true,
        filter: true,
      },
      {
        uuid: engine,
        key: "motor",
        name: "Motor",
        name_en: "",
        kind: "text",
        unit: null,
        options: [],
        on_card: false,
        filter: false,
      },
    ],
  };
  const errors = (specifications: ProductTextValues["specifications"]) =>
    codesToMessages(
      schemaResolver(productFormSchema([category]), { sync: true })({
        ...valid,
        specifications,
        prices: priceFieldsOf(undefined),
      }),
    );

  it("puts each field's message at specifications.<uuid>, where the server puts its codes", () => {
    expect(errors({ [weight]: "22,5", [engine]: { ro: "C4.4", en: "" } })).toEqual({});
    expect(errors({ [weight]: "douazeci", [engine]: { ro: "", en: "C4.4" } })).toEqual({
      [`specifications.${weight}`]: "Valoarea trebuie sa fie un numar, cu cel mult 3 zecimale",
      [`specifications.${engine}`]:
        "Textul poate avea cel mult 120 de caractere, pe un rand, fara caractere invizibile, si nu poate lipsi in romana",
    });
    expect(errors({ [weight]: "22.500" })).toEqual({
      [`specifications.${weight}`]: "Scrieti miile fara punct (22500) si zecimalele dupa virgula (22,5)",
    });
  });
});
