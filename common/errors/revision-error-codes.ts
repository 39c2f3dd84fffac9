import type { MessageTable } from "./message-table.ts";

/**
 * The revisions' codes (decision 078), each in Romanian and English: the list's filters, what stops
 * a restore, and an import's undo.
 */
export const revisionMessages = {
  INVALID_REVISION_KIND: [
    "Tipul ales nu este valid (utilaj, categorie sau configurare)",
    "The chosen kind is not valid (product, category or configuration)",
  ],
  INVALID_REVISION_ITEM: ["Elementul ales nu este valid", "The chosen item is not valid"],
  INVALID_REVISION_OFFSET: ["Pagina istoricului nu este valida", "The history's page is not valid"],
  ERROR_REVISION_NOT_FOUND: [
    "Versiunea nu mai exista in istoric: a fost stearsa de curatenia periodica.",
    "The version is no longer in the history: housekeeping removed it.",
  ],
  REVISION_ITEM_GONE: [
    "Elementul acestei versiuni nu mai exista (este in Cos sau a fost sters): restaurati-l intai din Cos.",
    "This version's item no longer exists (it is in the trash or was deleted): restore it from the trash first.",
  ],
  REVISION_CATEGORY_GONE: [
    "Categoria din aceasta versiune nu mai exista: restaurati-o din Cos sau alegeti alta categorie in formular.",
    "This version's category no longer exists: restore it from the trash or choose another category in the form.",
  ],
  REVISION_PICTURES_GONE: [
    "Unele poze din aceasta versiune nu mai exista: alegeti alta versiune sau adaugati pozele din nou.",
    "Some pictures of this version no longer exist: choose another version or add the pictures again.",
  ],
  ERROR_IMPORT_NOT_FOUND: [
    "Importul nu a modificat niciun utilaj pastrat in istoric (sau istoricul lui a fost curatat).",
    "The import changed no machine the history keeps (or its history was pruned).",
  ],
  IMPORT_UNDO_CHANGED_SINCE: [
    "Un utilaj din import a fost salvat intre timp: importul nu mai poate fi anulat dintr-o data; restaurati utilajele din Istoric.",
    "A machine of the import was saved since: the import can no longer be undone at once; restore the machines from their history.",
  ],
  IMPORT_UNDO_TRASHED: [
    "Un utilaj din import este in Cos: restaurati-l intai, apoi anulati importul.",
    "A machine of the import is in the trash: restore it first, then undo the import.",
  ],
  IMPORT_UNDO_HISTORY_GONE: [
    "Versiunea de dinaintea importului nu mai este in istoric: importul nu mai poate fi anulat.",
    "The version before the import is no longer in the history: the import can no longer be undone.",
  ],
} as const satisfies MessageTable;
