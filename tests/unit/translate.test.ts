import { beforeAll, describe, expect, it, vi } from "vitest";
import { en } from "../../app/i18n/en.ts";
import { ro } from "../../app/i18n/ro.ts";
import { loadLanguage, translator } from "../../app/i18n/translate.ts";

describe("translator", () => {
  beforeAll(() => Promise.all([loadLanguage("ro"), loadLanguage("en")]));

  it("finds a text by its dotted key in the language's dictionary", () => {
    expect(translator("ro")("nav.home")).toBe(ro.nav.home);
    expect(translator("en")("nav.home")).toBe(en.nav.home);
    expect(translator("ro")("loading")).toBe(ro.loading);
  });

  it("fills every {{placeholder}} with its value, numbers included", () => {
    expect(translator("ro")("banner.slide", { index: 2, count: 5 })).toBe("2 din 5");
    expect(translator("en")("product.back", { category: "Excavators" })).toBe("Back to Excavators");
  });

  it("inserts values as they are (React escapes what it renders) and leaves an unknown placeholder alone", () => {
    expect(translator("en")("meta.category", { category: "<b>&</b>" })).toBe("<b>&</b> for rent");
    expect(translator("en")("meta.category", {})).toBe("{{category}} for rent");
  });
});

describe("loadLanguage", () => {
  it("makes a language's translator available only once its dictionary has loaded", async () => {
    vi.resetModules();
    const fresh = await import("../../app/i18n/translate.ts");
    expect(() => fresh.translator("en")).toThrow(/loadLanguage\("en"\)/);
    await fresh.loadLanguage("en");
    expect(fresh.translator("en")("nav.home")).toBe(en.nav.home);
    expect(() => fresh.translator("ro")).toThrow(/loadLanguage\("ro"\)/);
  });
});
