import { describe, expect, it } from "vitest";
import { pictureEntryName, pictureFolder, pictureOfEntry } from "../../server/spreadsheets/picture-names.ts";

/** The ZIP's picture names (decision 079): what the export writes, the import reads back. */
describe("picture names", () => {
  it("reads back what the export writes, the header first", () => {
    expect(pictureOfEntry(pictureEntryName("cat-320-gc", 0, "image/jpeg"))).toEqual({ folder: "cat-320-gc", place: 0 });
    expect(pictureOfEntry(pictureEntryName("cat-320-gc", 11, "image/webp"))).toEqual({
      folder: "cat-320-gc",
      place: 11,
    });
  });

  it("names a new row's folder by its model, as the machine's slug will be", () => {
    expect(pictureFolder("  CAT  320 GC ")).toBe("cat-320-gc");
    expect(pictureOfEntry("CAT-320-GC/01-ANTET.JPG")).toEqual({ folder: "cat-320-gc", place: 0 });
  });

  it("finds a folder a Mac named with its diacritics decomposed", () => {
    const model = "Încărcător Mică";
    const decomposed = `${pictureFolder(model).normalize("NFD")}/01-antet.jpg`;
    expect(decomposed).not.toBe(`${pictureFolder(model)}/01-antet.jpg`);
    expect(pictureOfEntry(decomposed)).toEqual({ folder: pictureFolder(model), place: 0 });
  });

  it("leaves other files alone: a header numbered as the gallery, a gallery picture first, a loose file", () => {
    for (const name of ["a/02-antet.jpg", "a/01-galerie.jpg", "01-antet.jpg", "a/Thumbs.db", "a/00-galerie.png"])
      expect(pictureOfEntry(name), name).toBeUndefined();
  });
});
