import { describe, expect, it } from "vitest";
import { cellAddress, columnLetters } from "../../server/spreadsheets/cell-address.ts";
import { richTextCell } from "../../server/spreadsheets/rich-text-cell.ts";
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
