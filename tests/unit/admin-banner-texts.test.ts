import { schemaResolver } from "@mantine/form";
import { describe, expect, it } from "vitest";
import { bannerTextsSchema, textsOf, textsUpdate, type BannerTexts } from "../../app/admin/banner/banner-texts.ts";
import { codesToMessages } from "../../app/admin/editing/forms.ts";
import type { BannerView } from "../../common/catalogue/catalogue-views.ts";

const uuid = "0b6f0c1e-8a43-4c0e-9d3e-2f1f5f8b9a10";
const stored: BannerTexts = { caption: "Flota proprie", caption_en: "Our own fleet", alt: "Un excavator", alt_en: "" };
const errors = (texts: BannerTexts) => codesToMessages(schemaResolver(bannerTextsSchema, { sync: true })(texts));

describe("a banner picture's texts", () => {
  it("starts from the stored captions and descriptions", () => {
    const banner: BannerView = { uuid, image: "/media/x.png", width: 1, height: 1, ...stored, version: 1 };
    expect(textsOf(banner)).toEqual(stored);
  });

  it("sends the texts changed only, with the banner's uuid, and nothing when none changed", () => {
    expect(textsUpdate(uuid, stored, { ...stored })).toBeUndefined();
    expect(textsUpdate(uuid, stored, { ...stored, caption_en: "Our fleet", alt_en: "An excavator" })).toEqual({
      uuid,
      caption_en: "Our fleet",
      alt_en: "An excavator",
    });
    // An emptied caption is a change: "" removes it.
    expect(textsUpdate(uuid, stored, { ...stored, caption: "" })).toEqual({ uuid, caption: "" });
  });

  it("follows the API's rules, each language under its own message, and asks for a Romanian description", () => {
    expect(errors(stored)).toEqual({});
    expect(errors({ ...stored, caption: "a".repeat(121), caption_en: "b".repeat(121) })).toEqual({
      caption: "Textul de pe poza poate avea cel mult 120 de caractere, pe un rand",
      caption_en: "Textul in engleza de pe poza poate avea cel mult 120 de caractere, pe un rand",
    });
    expect(errors({ ...stored, alt_en: "c".repeat(301) })).toEqual({
      alt_en: "Descrierea pozei in engleza poate avea cel mult 300 de caractere",
    });
    expect(errors({ ...stored, alt: "  " })).toEqual({ alt: "Descrierea pozei este obligatorie" });
  });
});
