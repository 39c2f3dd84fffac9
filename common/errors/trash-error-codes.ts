import type { MessageTable } from "./message-table.ts";

/**
 * The trash's codes (decision 074), each in Romanian and English: an entry gone, and what stops a
 * restore.
 */
export const trashMessages = {
  ERROR_TRASH_NOT_FOUND: [
    "Elementul nu mai este in Cos: a fost restaurat sau sters definitiv.",
    "The item is no longer in the trash: it was restored or purged.",
  ],
  TRASH_MODEL_TAKEN: [
    "Intre timp alt utilaj are acest model: alegeti alt model pentru cel restaurat.",
    "Another machine has taken this model meanwhile: choose another model for the restored one.",
  ],
  TRASH_CATEGORY_IN_TRASH: [
    "Categoria utilajului este si ea in Cos: restaurati-le pe amandoua, sau utilajul singur, fara categorie.",
    "The machine's category is in the trash too: restore both, or the machine alone, without a category.",
  ],
  TRASH_CATEGORY_TAKEN: [
    "Intre timp alta categorie are acest nume: alegeti alt nume pentru categoria restaurata.",
    "Another category has taken this name meanwhile: choose another name for the restored category.",
  ],
  TRASH_BANNER_LIMIT: [
    "Caruselul are deja numarul maxim de poze: stergeti una, apoi restaurati.",
    "The carousel already has the most pictures it takes: delete one, then restore.",
  ],
  INVALID_TRASH_RESTORE_CATEGORY: [
    "restore_category trebuie sa fie true sau false",
    "restore_category must be true or false",
  ],
} as const satisfies MessageTable;
