import { describe, expect, it } from "vitest";
import { plainText, richTextParagraphs } from "../../common/text/rich-text.ts";
import { specSheetDisposition, specSheetPath } from "../../common/catalogue/spec-sheet.ts";

describe("the rich text as a spec sheet prints it", () => {
  const html =
    "<h2>Dotări</h2><p>Cupă &amp; ciocan&nbsp;hidraulic</p><ul><li><p>Braț extensibil</p></li><li>Ride control</li></ul>" +
    "<table><tbody><tr><th>Caracteristică</th><th>Valoare</th></tr><tr><td>Dotări</td><td><ul><li><p>Braț</p></li><li><p>Cuplă</p></li></ul></td></tr></tbody></table>";

  it("keeps a line per paragraph, heading, item and table row, a cell's own lines joined", () => {
    expect(richTextParagraphs(html)).toEqual([
      "Dotări",
      "Cupă & ciocan hidraulic",
      "• Braț extensibil",
      "• Ride control",
      "Caracteristică | Valoare",
      "Dotări | Braț; Cuplă",
    ]);
  });

  it("is one line without bullets for a meta description", () => {
    expect(plainText(html)).toBe(
      "Dotări Cupă & ciocan hidraulic Braț extensibil Ride control Caracteristică | Valoare Dotări | Braț; Cuplă",
    );
  });
});

describe("a sheet's address and file name", () => {
  it("names the language in the address, under the product page", () => {
    expect(specSheetPath("/categorie/excavatoare/utilaj/cat-320", "en")).toBe(
      "/categorie/excavatoare/utilaj/cat-320/fisa-tehnica.pdf?lang=en",
    );
  });

  it("names the file after the model in the sheet's language, an ASCII name for old clients beside the UTF-8 one", () => {
    expect(specSheetDisposition("CAT 320", "ro")).toBe(
      `inline; filename="CAT-320-fisa-tehnica.pdf"; filename*=UTF-8''CAT-320-fisa-tehnica.pdf`,
    );
    expect(specSheetDisposition('Mașină / "X" 2', "en")).toBe(
      `inline; filename="Masina-X-2-spec-sheet.pdf"; filename*=UTF-8''Ma%C8%99in%C4%83-X-2-spec-sheet.pdf`,
    );
  });
});
