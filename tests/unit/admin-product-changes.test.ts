import { describe, expect, it } from "vitest";
import { productChanges } from "../../app/admin/products/product-changes.ts";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { NO_PRICES } from "../../common/pricing/machine-prices.ts";

/** What the edit-conflict dialog lists of another administrator's save of a machine: its prices too. */
const picture = { image: "/media/produse/x/y/1.png", alt: "y", width: 1, height: 1 };
const basis: ProductView = {
  uuid: "00000000-0000-4000-8000-000000000001",
  model: "CAT 320",
  slug: "cat-320",
  category: "Excavatoare",
  category_en: "",
  category_uuid: "00000000-0000-4000-8000-000000000002",
  category_slug: "excavatoare",
  header_offer: "<p>Oferta</p>",
  details: "<p>Detalii</p>",
  technical_data: "<p>Date</p>",
  header_offer_en: "",
  details_en: "",
  technical_data_en: "",
  header_photo: picture,
  gallery: [],
  specifications: {},
  units: 1,
  prices: NO_PRICES,
  version: 1,
};

describe("productChanges", () => {
  it("names the prices when another save changed them, and nothing when it did not", () => {
    expect(productChanges(basis, { ...basis, version: 2 })).toEqual([]);
    expect(productChanges(basis, { ...basis, prices: { ...NO_PRICES, day: 45_000 }, version: 2 })).toEqual([
      "Preturile",
    ]);
  });
});
