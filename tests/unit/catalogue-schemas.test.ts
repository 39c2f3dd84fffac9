import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { bannerCreateSchema, bannerUpdateSchema } from "../../common/schemas/banner.ts";
import { categoryCreateSchema } from "../../common/schemas/category.ts";
import { configurationSchema, configurationUpdateSchema } from "../../common/schemas/configuration.ts";
import { productCreateSchema, productUpdateSchema } from "../../common/schemas/product.ts";

/** The codes a schema reports, by field path. */
function codes(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byPath: Record<string, string> = {};
  for (const issue of result.error.issues) byPath[issue.path.join(".")] ??= issue.message;
  return byPath;
}

const IMAGE = { mime_type: "image/png", image: "iVBORw0KGgo=" };
const UUID = "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70";
const product = {
  model: "CAT 320",
  category: "Excavatoare",
  header_offer: "<p>Oferta</p>",
  details: "<p>Detalii</p>",
  technical_data: "<p>Date</p>",
  header_photo: IMAGE,
  gallery: [IMAGE],
};

describe("category name", () => {
  it.each(["Category", "details", "  DETAILS ", "Edit"])("refuses %j, a fixed segment of the product calls", (name) => {
    expect(codes(categoryCreateSchema, { name })).toEqual({ name: "RESERVED_CATEGORY_NAME" });
  });

  it("accepts names that only contain a fixed segment", () => {
    expect(codes(categoryCreateSchema, { name: "Category lifts" })).toEqual({});
  });

  it("collapses spaces", () => {
    expect(categoryCreateSchema.parse({ name: "  Placi   compactoare " })).toEqual({ name: "Placi compactoare" });
  });

  it.each([
    [{}, "REQUIRED_CATEGORY_NAME"],
    [{ name: null }, "REQUIRED_CATEGORY_NAME"],
    [{ name: "   " }, "REQUIRED_CATEGORY_NAME"],
    [{ name: 12 }, "INVALID_CATEGORY_NAME"],
    [{ name: ["a"] }, "INVALID_CATEGORY_NAME"],
    [{ name: { a: 1 } }, "INVALID_CATEGORY_NAME"],
    [{ name: "Excavatoare <b>" }, "INVALID_CATEGORY_NAME"],
    [{ name: "x".repeat(101) }, "INVALID_CATEGORY_NAME"],
  ])("%j gives %s", (input, code) => {
    expect(codes(categoryCreateSchema, input)).toEqual({ name: code });
  });
});

describe("product", () => {
  it("accepts a complete product and defaults the gallery to none", () => {
    const { gallery: _gallery, ...withoutGallery } = product;
    expect(productCreateSchema.parse(withoutGallery).gallery).toEqual([]);
  });

  it("reports every missing field with its own code", () => {
    expect(codes(productCreateSchema, {})).toEqual({
      model: "REQUIRED_PRODUCT_MODEL",
      category: "REQUIRED_PRODUCT_CATEGORY",
      header_offer: "REQUIRED_PRODUCT_HEADER_OFFER",
      details: "REQUIRED_PRODUCT_DETAILS",
      technical_data: "REQUIRED_PRODUCT_TECHNICAL_DATA",
      header_photo: "REQUIRED_PRODUCT_HEADER_PHOTO",
    });
  });

  it.each([
    ["model", "CAT/320", "INVALID_PRODUCT_MODEL"],
    ["category", "Excavatoare!", "INVALID_PRODUCT_CATEGORY"],
    ["details", "<p> </p>", "REQUIRED_PRODUCT_DETAILS"],
    ["header_offer", "<p><br></p>", "REQUIRED_PRODUCT_HEADER_OFFER"],
    ["technical_data", 5, "INVALID_PRODUCT_TECHNICAL_DATA"],
    ["technical_data", "x".repeat(200_001), "INVALID_PRODUCT_TECHNICAL_DATA"],
    ["header_photo", "https://x/y.png", "INVALID_PRODUCT_HEADER_PHOTO_IMAGE"],
    ["gallery", {}, "INVALID_PRODUCT_GALLERY"],
    ["gallery", Array(6).fill(IMAGE), "INVALID_PRODUCT_GALLERY"],
  ])("%s = %j gives %s", (field, value, code) => {
    expect(codes(productCreateSchema, { ...product, [field]: value })).toEqual({ [field]: code });
  });

  it.each([
    [{ mime_type: "image/png" }, "header_photo.image", "REQUIRED_PRODUCT_HEADER_PHOTO_IMAGE"],
    [{ mime_type: "image/png", image: "" }, "header_photo.image", "REQUIRED_PRODUCT_HEADER_PHOTO_IMAGE"],
    [
      { mime_type: "image/png", image: "data:image/png;base64,iVBORw0KGgo=" },
      "header_photo.image",
      "INVALID_PRODUCT_HEADER_PHOTO_IMAGE",
    ],
    [{ image: "iVBORw0KGgo=" }, "header_photo.mime_type", "REQUIRED_PRODUCT_HEADER_PHOTO_MIME_TYPE"],
    [
      { image: "iVBORw0KGgo=", mime_type: "text/html" },
      "header_photo.mime_type",
      "INVALID_PRODUCT_HEADER_PHOTO_MIME_TYPE",
    ],
  ])("header photo %j gives %s at %s", (photo, path, code) => {
    expect(codes(productCreateSchema, { ...product, header_photo: photo })).toEqual({ [path]: code });
  });

  it.each([
    [{ image: "iVBORw0KGgo=" }, "gallery.0.mime_type", "REQUIRED_PRODUCT_GALLERY_MIME_TYPE"],
    [{ image: "iVBORw0KGgo=", mime_type: "image/svg+xml" }, "gallery.0.mime_type", "INVALID_PRODUCT_GALLERY_MIME_TYPE"],
    [{ mime_type: "image/png" }, "gallery.0.image", "REQUIRED_PRODUCT_GALLERY_IMAGE"],
    [{ mime_type: "image/png", image: "not base64!" }, "gallery.0.image", "INVALID_PRODUCT_GALLERY_IMAGE"],
    [{ mime_type: "image/png", image: 7 }, "gallery.0.image", "INVALID_PRODUCT_GALLERY_IMAGE"],
    [null, "gallery.0", "INVALID_PRODUCT_GALLERY"],
  ])("gallery item %j gives %s at %s", (item, path, code) => {
    expect(codes(productCreateSchema, { ...product, gallery: [item] })).toEqual({ [path]: code });
  });

  it("keeps a stored picture by uuid on update, but needs bytes on create", () => {
    const kept = { uuid: UUID };
    expect(codes(productUpdateSchema, { ...product, uuid: UUID, header_photo: kept, gallery: [kept] })).toEqual({});
    expect(codes(productCreateSchema, { ...product, header_photo: kept })).toEqual({
      "header_photo.image": "REQUIRED_PRODUCT_HEADER_PHOTO_IMAGE",
    });
  });

  it("needs the uuid of the product to update", () => {
    expect(codes(productUpdateSchema, product)).toEqual({ uuid: "ERROR_UPDATE_PRODUCT" });
    expect(codes(productUpdateSchema, { ...product, uuid: 42 })).toEqual({ uuid: "ERROR_UPDATE_PRODUCT" });
  });
});

describe("banners", () => {
  it("take { banner: [...] } or a bare list", () => {
    expect(bannerCreateSchema.parse({ banner: [IMAGE] })).toEqual({ banner: [IMAGE] });
    expect(bannerCreateSchema.parse([IMAGE])).toEqual({ banner: [IMAGE] });
  });

  it.each([[null], [{}], [{ banner: [] }], [{ banner: Array(6).fill(IMAGE) }], ["x"]])("refuse %j", (body) => {
    expect(Object.values(codes(bannerCreateSchema, body))).toEqual(["INVALID_BANNER"]);
  });

  it("check each picture with the banner codes", () => {
    expect(codes(bannerCreateSchema, [{ image: "iVBORw0KGgo=", mime_type: "text/plain" }])).toEqual({
      "banner.0.mime_type": "INVALID_BANNER_MIME_TYPE",
    });
  });

  it("update a picture or an alt text, not nothing", () => {
    expect(codes(bannerUpdateSchema, { uuid: UUID, alt: "Macara" })).toEqual({});
    expect(codes(bannerUpdateSchema, { uuid: UUID, ...IMAGE })).toEqual({});
    expect(codes(bannerUpdateSchema, { uuid: UUID })).toEqual({ image: "REQUIRED_BANNER_IMAGE" });
  });
});

describe("configuration", () => {
  const valid = {
    contact_mail_to: "office@utilaje.ro",
    contact_mail_subject: "Cerere oferta",
    contact_phone: "0722 123 456",
  };

  it("normalizes the phone and leaves the second contact empty, availability shown, prices hidden, the second factor optional", () => {
    expect(configurationSchema.parse(valid)).toEqual({
      ...valid,
      contact_phone: "0722123456",
      contact_mail_to_second: "",
      contact_phone_second: "",
      show_availability: "true",
      price_currency: "RON",
      price_vat_rate: "2100",
      show_prices: "false",
      second_factor_required: "false",
      offer_validity_days: "14",
      offer_terms: "",
      offer_terms_en: "",
      company_legal_name: "",
      company_cui: "",
      company_reg_com: "",
      company_address: "",
      company_iban: "",
    });
  });

  it("normalizes the company's letterhead and refuses each wrong value by its code", () => {
    const parsed = configurationSchema.safeParse({
      ...valid,
      company_legal_name: "  SC <b>Utilaje</b>   SRL ",
      company_cui: "ro 314 578 26",
      company_reg_com: "j40/4821/2013",
      company_address: "Bd. Theodor Pallady nr. 51,  București",
      company_iban: "ro49 aaaa 1b31 0075 9384 0000",
    });
    expect(parsed.data).toMatchObject({
      company_legal_name: "SC <b>Utilaje</b> SRL",
      company_cui: "RO31457826",
      company_reg_com: "J40/4821/2013",
      company_address: "Bd. Theodor Pallady nr. 51, București",
      company_iban: "RO49AAAA1B31007593840000",
    });
    expect(configurationSchema.safeParse({ ...valid, company_reg_com: "J2013004821400" }).success).toBe(true);
    const wrong = configurationSchema.safeParse({
      ...valid,
      company_legal_name: "x".repeat(121),
      company_cui: "RO0123",
      company_reg_com: "40/4821/2013",
      company_address: "Strada\u0007",
      company_iban: "RO48AAAA1B31007593840000",
    });
    expect(wrong.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["company_legal_name", "INVALID_CONFIGURATION_COMPANY_LEGAL_NAME"],
      ["company_cui", "INVALID_CONFIGURATION_COMPANY_CUI"],
      ["company_reg_com", "INVALID_CONFIGURATION_COMPANY_REG_COM"],
      ["company_address", "INVALID_CONFIGURATION_COMPANY_ADDRESS"],
      ["company_iban", "INVALID_CONFIGURATION_COMPANY_IBAN"],
    ]);
  });

  it("reads the second factor's switch: true or false, empty (never saved) as false", () => {
    const parse = (value: string) => configurationSchema.safeParse({ ...valid, second_factor_required: value });
    expect(parse(" true ").data?.second_factor_required).toBe("true");
    expect(parse("").data?.second_factor_required).toBe("false");
    expect(parse("da").error?.issues.map((issue) => issue.message)).toEqual(["INVALID_CONFIGURATION_SECOND_FACTOR"]);
  });

  it("reads the price settings, empty (never saved) as RON, 21 % and hidden", () => {
    const parse = (changes: Record<string, string>) => configurationSchema.safeParse({ ...valid, ...changes });
    expect(parse({ price_currency: " eur ", price_vat_rate: "950", show_prices: "true" }).data).toMatchObject({
      price_currency: "EUR",
      price_vat_rate: "950",
      show_prices: "true",
    });
    expect(parse({ price_currency: "", price_vat_rate: "", show_prices: "" }).data).toMatchObject({
      price_currency: "RON",
      price_vat_rate: "2100",
      show_prices: "false",
    });
    expect(parse({ price_vat_rate: "0" }).data?.price_vat_rate).toBe("0");
    expect(parse({ price_vat_rate: "10000" }).data?.price_vat_rate).toBe("10000");
  });

  it("reads the availability switch as true or false, empty (never saved) as true", () => {
    const parse = (value: unknown) => configurationSchema.safeParse({ ...valid, show_availability: value });
    expect(parse("false").data?.show_availability).toBe("false");
    expect(parse(" true ").data?.show_availability).toBe("true");
    expect(parse("").data?.show_availability).toBe("true");
    expect(parse("da").error?.issues.map((issue) => issue.message)).toEqual([
      "INVALID_CONFIGURATION_SHOW_AVAILABILITY",
    ]);
  });

  it.each([
    ["contact_mail_to", "", "REQUIRED_CONFIGURATION_MAIL_TO"],
    ["contact_mail_to", "Office@utilaje.ro", "INVALID_CONFIGURATION_MAIL_TO"],
    ["contact_mail_subject", "  ", "REQUIRED_CONFIGURATION_MAIL_SUBJECT"],
    ["contact_phone", "", "REQUIRED_CONFIGURATION_PHONE"],
    ["contact_phone", "0822 123 456", "INVALID_CONFIGURATION_PHONE"],
    ["contact_phone", null, "REQUIRED_CONFIGURATION_PHONE"],
  ])("%s = %j gives %s", (key, value, code) => {
    expect(codes(configurationSchema, { ...valid, [key]: value })).toEqual({ [key]: code });
  });

  it("wants the second e-mail and phone together", () => {
    expect(codes(configurationSchema, { ...valid, contact_mail_to_second: "a@b.ro" })).toEqual({
      contact_phone_second: "REQUIRED_CONFIGURATION_PHONE_SECOND",
    });
    expect(codes(configurationSchema, { ...valid, contact_phone_second: "0733123456" })).toEqual({
      contact_mail_to_second: "REQUIRED_CONFIGURATION_MAIL_TO_SECOND",
    });
    expect(
      codes(configurationSchema, { ...valid, contact_mail_to_second: "a@b.ro", contact_phone_second: "0733 123 456" }),
    ).toEqual({});
  });

  it("reports the pair rule even while another field is wrong", () => {
    expect(codes(configurationSchema, { ...valid, contact_mail_to: "", contact_phone_second: "0733123456" })).toEqual({
      contact_mail_to: "REQUIRED_CONFIGURATION_MAIL_TO",
      contact_mail_to_second: "REQUIRED_CONFIGURATION_MAIL_TO_SECOND",
    });
  });

  it("takes a list of known keys, each once", () => {
    expect(codes(configurationUpdateSchema, [{ key: "contact_phone", value: "0722123456" }])).toEqual({});
    expect(codes(configurationUpdateSchema, [{ key: "smtp_password", value: "x" }])).toEqual({
      "0.key": "INVALID_CONFIGURATION",
    });
    expect(
      codes(configurationUpdateSchema, [
        { key: "contact_phone", value: "1" },
        { key: "contact_phone", value: "2" },
      ]),
    ).toEqual({
      "": "INVALID_CONFIGURATION",
    });
    expect(codes(configurationUpdateSchema, { contact_phone: "0722123456" })).toEqual({ "": "INVALID_CONFIGURATION" });
  });
});
