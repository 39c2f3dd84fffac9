import { describe, expect, it } from "vitest";
import { collapseSpaces, toSlug } from "../../common/text/slug.ts";

describe("collapseSpaces", () => {
  it("turns every run of whitespace into one space and trims the ends", () => {
    expect(collapseSpaces("  CAT   320 \t B\n")).toBe("CAT 320 B");
  });

  it("leaves a clean value as it is", () => {
    expect(collapseSpaces("Excavatoare")).toBe("Excavatoare");
    expect(collapseSpaces("")).toBe("");
  });
});

describe("toSlug (spec §2: lower-case, spaces as hyphens)", () => {
  it("lower-cases and joins words with hyphens", () => {
    expect(toSlug("CAT 320")).toBe("cat-320");
    expect(toSlug("Buldoexcavatoare")).toBe("buldoexcavatoare");
  });

  it("keeps Romanian letters, lower-cased", () => {
    expect(toSlug("Încărcătoare Frontale")).toBe("încărcătoare-frontale");
    expect(toSlug("ȘTIVUITOARE ȚĂRUȘI")).toBe("știvuitoare-țăruși");
  });

  it("collapses runs of spaces first, so a name and its messy twin share one slug", () => {
    expect(toSlug("  JCB   3CX\tEco ")).toBe("jcb-3cx-eco");
    expect(toSlug("JCB 3CX Eco")).toBe(toSlug("jcb  3cx eco"));
  });

  it("keeps hyphens and underscores that the name already has", () => {
    expect(toSlug("Bomag BW 120 AD-5")).toBe("bomag-bw-120-ad-5");
    expect(toSlug("Model_X 2")).toBe("model_x-2");
  });

  it("is idempotent: a slug is its own slug", () => {
    expect(toSlug(toSlug("Încărcătoare frontale"))).toBe("încărcătoare-frontale");
  });
});
