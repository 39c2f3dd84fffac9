import { describe, expect, it } from "vitest";
import {
  ANY_TRANSLATION,
  matchesTranslation,
  toTranslationFilter,
} from "../../app/admin/translation/translation-filter.ts";
import { TRANSLATION } from "../../app/admin/ui/texts.ts";

describe("the lists' translation filter", () => {
  it("reads a select's value as one state, anything else as every state", () => {
    expect(toTranslationFilter("complete")).toBe("complete");
    expect(toTranslationFilter("partial")).toBe("partial");
    expect(toTranslationFilter("missing")).toBe("missing");
    expect(toTranslationFilter("")).toBe(ANY_TRANSLATION);
    expect(toTranslationFilter("tradus")).toBe(ANY_TRANSLATION);
  });

  it("keeps the records in the state chosen, or every record", () => {
    expect(matchesTranslation("partial", "partial")).toBe(true);
    expect(matchesTranslation("partial", "complete")).toBe(false);
    expect(matchesTranslation("missing", ANY_TRANSLATION)).toBe(true);
  });

  it("names the states and the English fields in Romanian", () => {
    expect(TRANSLATION.states).toEqual({ complete: "Tradus", partial: "Partial", missing: "Netradus" });
    expect(TRANSLATION.englishLabel("Nume")).toBe("Nume (engleza)");
  });
});
