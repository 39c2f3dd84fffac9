import { describe, expect, it } from "vitest";
import { wordDiff } from "../../server/revisions/revision-words.ts";

/** A revision's rich text shown as a word diff of its text (decision 078). */
describe("the word diff of a revision's text", () => {
  it("marks the words taken out and put in, and keeps the rest", () => {
    expect(wordDiff("Pret pe zi: 500 lei", "Pret pe zi: 450 lei")).toEqual([
      { text: "Pret pe zi: ", change: "same" },
      { text: "500", change: "removed" },
      { text: "450", change: "added" },
      { text: " lei", change: "same" },
    ]);
  });

  it("shows two long texts that share nothing as one removed and one added, rather than holding the server", () => {
    // Tens of thousands of different words on each side: a full diff would take seconds of the server's thread.
    const words = (prefix: string) => Array.from({ length: 30_000 }, (_, index) => `${prefix}${index}`).join(" ");
    const before = words("romana");
    const after = words("english");
    expect(wordDiff(before, after)).toEqual([
      { text: before, change: "removed" },
      { text: after, change: "added" },
    ]);
  });
});
