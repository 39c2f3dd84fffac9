import { describe, expect, it } from "vitest";
import { buildAltText, localizedAltText } from "../../common/media/alt-text.ts";

describe("buildAltText", () => {
  it("lower-cases the model and adds the Romanian word and the index", () => {
    expect(buildAltText("CAT 320", "presentation", 1)).toBe("cat 320 prezentare 1");
    expect(buildAltText("Bomag BW 120 AD-5", "photo", 3)).toBe("bomag bw 120 ad-5 poza 3");
  });

  it("uses the English word for the en locale", () => {
    expect(buildAltText("JCB 3CX", "presentation", 1, "en")).toBe("jcb 3cx presentation 1");
    expect(buildAltText("JCB 3CX", "photo", 2, "en")).toBe("jcb 3cx photo 2");
  });

  it("collapses runs of spaces and keeps Romanian letters", () => {
    expect(buildAltText("  Încărcătoare   FRONTALE ", "presentation", 2)).toBe("încărcătoare frontale prezentare 2");
  });

  it("leaves out an empty subject rather than starting with a space", () => {
    expect(buildAltText("   ", "photo", 1)).toBe("poza 1");
  });

  it("refuses an index below 1 or not a whole number", () => {
    expect(() => buildAltText("CAT 320", "photo", 0)).toThrow(RangeError);
    expect(() => buildAltText("CAT 320", "photo", 1.5)).toThrow(RangeError);
  });
});

describe("localizedAltText", () => {
  it("translates the stored word on English pages and leaves Romanian ones alone", () => {
    expect(localizedAltText("cat 320 poza 2", "en")).toBe("cat 320 photo 2");
    expect(localizedAltText("jcb 3cx prezentare 1", "en")).toBe("jcb 3cx presentation 1");
    expect(localizedAltText("cat 320 poza 2", "ro")).toBe("cat 320 poza 2");
    expect(localizedAltText("o poza facuta de noi", "en")).toBe("o poza facuta de noi");
  });
});
