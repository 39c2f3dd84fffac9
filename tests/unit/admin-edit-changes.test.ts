import { describe, expect, it } from "vitest";
import type { BannerView, CategoryView } from "../../common/catalogue/catalogue-views.ts";
import type { SpecificationView } from "../../common/specifications/specification-schema.ts";
import { bannerChanges } from "../../app/admin/banner/banner-changes.ts";
import { categoryChanges } from "../../app/admin/specifications/category-changes.ts";

/** What the conflict's question lists of another administrator's save (decision 068). */

const specification = (uuid: string, name: string): SpecificationView => ({
  uuid,
  key: name.toLowerCase(),
  name,
  name_en: "",
  kind: "number",
  unit: "kg",
  options: [],
  on_card: false,
  filter: true,
});
const weight = specification("00000000-0000-4000-8000-000000000001", "Greutate");
const depth = specification("00000000-0000-4000-8000-000000000002", "Adancime");
const power = specification("00000000-0000-4000-8000-000000000003", "Putere");

const category: CategoryView = {
  uuid: "00000000-0000-4000-8000-000000000010",
  name: "Excavatoare",
  name_en: "",
  slug: "excavatoare",
  header_photo: null,
  specifications: [weight, depth],
  version: 1,
};

describe("a category's changes", () => {
  it("names a changed name with both values, and the specifications added, removed, changed or moved", () => {
    expect(categoryChanges(category, { ...category, version: 2 })).toEqual([]);
    expect(
      categoryChanges(category, {
        ...category,
        name_en: "Excavators",
        specifications: [{ ...depth, unit: "m" }, power],
        version: 2,
      }),
    ).toEqual([
      "Nume (engleza): „(gol)” → „Excavators”",
      "Specificatie modificata: „Adancime”",
      "Specificatie adaugata: „Putere”",
      "Specificatie eliminata: „Greutate”",
    ]);
    expect(
      categoryChanges(category, {
        ...category,
        name: "Excavatoare mari",
        specifications: [depth, { ...weight, name: "Masa" }],
      }),
    ).toEqual([
      "Nume: „Excavatoare” → „Excavatoare mari”",
      "Specificatie modificata: „Greutate” → „Masa”",
      "Ordinea specificatiilor",
    ]);
  });
});

describe("a banner's changes", () => {
  it("names its texts with both values and a new picture by its label", () => {
    const banner: BannerView = {
      uuid: "00000000-0000-4000-8000-000000000020",
      image: "/media/banner/a.png",
      alt: "Macara",
      alt_en: "",
      caption: "",
      caption_en: "",
      width: 1,
      height: 1,
      version: 1,
    };
    expect(bannerChanges(banner, { ...banner, caption: "Flota", image: "/media/banner/b.png", version: 2 })).toEqual([
      "Text pe poza: „(gol)” → „Flota”",
      "Poza",
    ]);
  });
});
