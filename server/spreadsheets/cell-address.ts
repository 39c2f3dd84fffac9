/** Where a cell is, as a spreadsheet names it: column letters (A…Z, AA…) and `Sheet!F7` addresses. */

/** The letters of a 1-based column number: 1 → A, 26 → Z, 27 → AA. */
export function columnLetters(column: number): string {
  let letters = "";
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** "Excavatoare!F7": the sheet's name, the column's letters, the 1-based row. */
export function cellAddress(sheet: string, column: number, row: number): string {
  return `${sheet}!${columnLetters(column)}${row}`;
}
