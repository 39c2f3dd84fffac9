import type { MessageTable } from "./message-table.ts";

/**
 * The catalogue's spreadsheets' codes (decisions 076, 077, 079), each in Romanian and English: the
 * export's choices, the import's file, its sheets, rows and cells.
 */
export const spreadsheetMessages = {
  INVALID_CATALOGUE_EXPORT_FORMAT: [
    "Formatul exportului trebuie sa fie xlsx, csv sau zip",
    "The export's format must be xlsx, csv or zip",
  ],
  INVALID_CATALOGUE_EXPORT_CATEGORY: ["Categoria aleasa nu este valida", "The chosen category is not valid"],
  IMPORT_FILE_TOO_LARGE: ["Fisierul are mai mult de 20 MB", "The file is larger than 20 MB"],
  IMPORT_FILE_TYPE: [
    "Alegeti un fisier .xlsx, .csv (UTF-8) sau .zip (cu poze)",
    "Choose an .xlsx, a .csv (UTF-8) or a .zip (with pictures) file",
  ],
  IMPORT_CATEGORY_AMBIGUOUS: [
    "Doua categorii au acest nume, fara diacritice: scrieti-l exact, cu diacriticele categoriei",
    "Two categories have this name once diacritics are set aside: write it exactly, with the category's diacritics",
  ],
  IMPORT_TOO_MANY_COLUMNS: [
    "Un rand are mai multe coloane decat poate avea o foaie a exportului",
    "A row has more columns than an export's sheet can have",
  ],
  IMPORT_PICTURES_TOO_LARGE: [
    "Pozele din arhiva au mai mult de 200 MB in total",
    "The pictures in the archive are larger than 200 MB in all",
  ],
  IMPORT_PICTURE_NOT_FOUND: [
    "Arhiva nu are poza ofertei utilajului: <dosar>/01-antet.<tip>, dosarul numit ca modelul (litere mici, cratime in loc de spatii)",
    "The archive has no offer photo for the machine: <folder>/01-antet.<type>, the folder named as the model (lower case, hyphens for spaces)",
  ],
  IMPORT_FILE_UNREADABLE: [
    "Fisierul nu poate fi citit ca foaie de calcul .xlsx",
    "The file cannot be read as an .xlsx spreadsheet",
  ],
  IMPORT_FILE_MACROS: [
    "Fisierul contine macrocomenzi: salvati-l ca .xlsx obisnuit",
    "The file contains macros: save it as a plain .xlsx",
  ],
  IMPORT_FILE_EXTERNAL_LINKS: [
    "Fisierul are legaturi catre alte fisiere: copiati valorile si stergeti legaturile",
    "The file links to other files: paste the values and remove the links",
  ],
  IMPORT_FILE_TOO_HEAVY: [
    "Fisierul nu a putut fi citit in limitele de timp si de memorie ale importului: impartiti-l in fisiere mai mici",
    "The file could not be read within the import's time and memory limits: split it into smaller files",
  ],
  IMPORT_FILE_ZIP_BOMB: [
    "Fisierul se desface in prea multe date pentru o foaie de calcul",
    "The file unpacks into too much data for a spreadsheet",
  ],
  IMPORT_CSV_ENCODING: [
    "Fisierul CSV nu este in UTF-8: salvati-l ca „CSV UTF-8”",
    'The CSV file is not in UTF-8: save it as "CSV UTF-8"',
  ],
  IMPORT_TOO_MANY_ROWS: ["Fisierul are mai mult de 5.000 de randuri", "The file has more than 5,000 rows"],
  IMPORT_NO_SHEET: [
    "Nicio foaie nu are coloanele exportului (id, Categorie, Model)",
    "No sheet has the export's columns (id, Categorie, Model)",
  ],
  IMPORT_CELL_FORMULA: ["Celula contine o formula: scrieti valoarea ei", "The cell holds a formula: write its value"],
  IMPORT_UNKNOWN_MACHINE: [
    "Niciun utilaj nu are acest id: lasati celula goala pentru un utilaj nou",
    "No machine has this id: leave the cell empty for a new machine",
  ],
  IMPORT_DUPLICATE_ROW: ["Acelasi utilaj apare de doua ori in fisier", "The same machine appears twice in the file"],
  IMPORT_ROWS_REFUSED: [
    "Fisierul are randuri refuzate: corectati-le si incercati din nou; nimic nu a fost schimbat",
    "The file has refused rows: correct them and try again; nothing was changed",
  ],
  INVALID_IMPORT_CELL_UNIT: [
    "Unitatea scrisa in celula nu este cea a coloanei: scrieti numarul in unitatea din antet",
    "The unit typed in the cell is not the column's: write the figure in the header's unit",
  ],
} as const satisfies MessageTable;
