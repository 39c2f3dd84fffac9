import { describe, expect, it } from "vitest";
import { schemaResolver } from "@mantine/form";
import { RICH_TEXT_MAX_LENGTH } from "../../common/field-rules.ts";
import { GALLERY_RULES } from "../../app/admin/pictures/upload-rules.ts";
import { productTextSchema, type ProductTextValues } from "../../app/admin/products/product-text-rules.ts";
import { codesToMessages } from "../../app/admin/ui/forms.ts";

/** What the product form shows under its fields: the schema's codes through the message table. */
const productTextErrors = (values: ProductTextValues) => codesToMessages(schemaResolver(productTextSchema, { sync: true })(values));

const valid = {
  category: "Excavatoare",
  model: "CAT 320",
  header_offer: "<p>Oferta</p>",
  details: "<p>Detalii</p>",
  technical_data: "<table><tbody><tr><td>1</td></tr></tbody></table>",
  header_offer_en: "",
  details_en: "",
  technical_data_en: "",
};

describe("the product form's text rules (the API's schema, spec §5 messages)", () => {
  it("passes a complete product", () => {
    expect(productTextErrors(valid)).toEqual({});
  });

  it("shows the spec's message for each missing field", () => {
    expect(productTextErrors({ ...valid, category: "", model: "  ", header_offer: "", details: "<p></p>", technical_data: "<p>&nbsp;</p>" })).toEqual({
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
    expect(productTextErrors({ ...valid, header_offer_en: tooLong, details_en: tooLong, technical_data_en: tooLong })).toEqual({
      header_offer_en: "Antetul ofertei in engleza nu este valid",
      details_en: "Detaliile in engleza nu sunt valide",
      technical_data_en: "Datele tehnice in engleza nu sunt valide",
    });
  });

  it("lets the gallery take the types spec §5 names", () => {
    expect(GALLERY_RULES.accept).toEqual(expect.arrayContaining(["image/jpeg", "image/png", "image/bmp"]));
    expect(GALLERY_RULES.accept).not.toContain("image/webp");
  });
});
