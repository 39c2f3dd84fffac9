import { describe, expect, it } from "vitest";
import { cellAddress, columnLetters } from "../../server/spreadsheets/cell-address.ts";
import { cellRichText, importedRichText, richTextCell } from "../../server/spreadsheets/rich-text-cell.ts";
import { sheetName, takenSheetNames } from "../../server/spreadsheets/sheet-names.ts";

describe("worksheet names", () => {
  it("are cut to 31 characters, without []:*?/\\ or apostrophes at the ends", () => {
    const taken = takenSheetNames([]);
    expect(sheetName("Excavatoare pe senile de mare capacitate", taken)).toBe("Excavatoare pe senile de mare c");
    expect(sheetName("Pompe [apa]: 3/4 * ? \\", taken)).toBe("Pompe -apa-- 3-4 - - -");
    expect(sheetName("'Citat'", taken)).toBe("Citat");
  });

  it("are made distinct, case aside, and never take a reserved name", () => {
    const taken = takenSheetNames(["Citiți-mă", "Note"]);
    expect(sheetName("Excavatoare pe senile de mare capacitate", taken)).toBe("Excavatoare pe senile de mare c");
    expect(sheetName("Excavatoare pe senile de mare capacitate 2", taken)).toBe("Excavatoare pe senile de ma (2)");
    expect(sheetName("NOTE", taken)).toBe("NOTE (2)");
    expect(sheetName("history", taken)).toBe("history (2)");
    expect(sheetName("", taken)).toBe("Foaie");
  });
});

describe("cell addresses", () => {
  it.each([
    [1, "A"],
    [26, "Z"],
    [27, "AA"],
    [52, "AZ"],
    [703, "AAA"],
  ])("column %i is %s", (column, letters) => expect(columnLetters(column)).toBe(letters));

  it("names a sheet's cell as Excel does", () => expect(cellAddress("Excavatoare", 6, 7)).toBe("Excavatoare!F7"));
});

describe("a rich text in a cell", () => {
  it("keeps paragraphs apart by a blank line, items on lines of their own, a table's cells on one line", () => {
    expect(
      richTextCell(
        "<p>Închiriere <strong>zilnică</strong></p><ul><li><p>Cupă</p></li><li>Ciocan</li></ul><table><tr><td>A</td><td>1 &amp; 2</td></tr></table>",
      ),
    ).toBe("Închiriere zilnică\n\n- Cupă\n- Ciocan\n\nA | 1 & 2");
  });

  it("keeps a link's words, not its address", () => {
    expect(richTextCell('<p>Vezi <a href="https://example.ro">oferta</a></p>')).toBe("Vezi oferta");
  });
});

describe("a rich text read back from its cell", () => {
  const stored =
    '<p>Închiriere <strong>zilnică</strong> <a href="https://example.ro">oferta</a></p><ul><li><p>Cupă</p></li><li><p>Ciocan</p></li></ul>';

  it("keeps the stored HTML, formatting and links, when the cell reads as exported", () => {
    expect(importedRichText(stored, richTextCell(stored))).toEqual({ html: stored, changed: false });
    expect(importedRichText(stored, "Închiriere  zilnică oferta\r\n\r\n- Cupă\r\n- Ciocan ")).toEqual({
      html: stored,
      changed: false,
    });
  });

  it("keeps a text cut at the cell's limit", () => {
    const long = `<p>${"a".repeat(40_000)}</p>`;
    expect(importedRichText(long, richTextCell(long).slice(0, 32_767))).toEqual({ html: long, changed: false });
  });

  it("makes paragraphs and a list of a changed cell, escaped", () => {
    expect(importedRichText(stored, "Închiriere <b>săptămânală</b>\n\n- Cupă\n- Ciocan\n\nLivrare & montaj")).toEqual({
      html: "<p>Închiriere &#60;b&#62;săptămânală&#60;/b&#62;</p><ul><li><p>Cupă</p></li><li><p>Ciocan</p></li></ul><p>Livrare &#38; montaj</p>",
      changed: true,
    });
  });

  it("takes the formula guard off", () => {
    expect(cellRichText("'=1+1")).toBe("<p>=1+1</p>");
  });
});
