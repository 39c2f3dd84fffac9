import type { MessageTable } from "./message-table.ts";

/**
 * The leads inbox's codes ('Cereri oferta'), each in Romanian and English: cases the spec's
 * catalogue does not name, in its ERROR_GET_/ERROR_UPDATE_/ERROR_DELETE_ style. What a visitor
 * meets on the contact form is in the visitor's table (visitor-error-codes.ts).
 */
export const leadMessages = {
  ERROR_GET_CONTACT_REQUEST: ["Cererea de oferta nu a fost gasita.", "The quote request was not found."],
  ERROR_UPDATE_CONTACT_REQUEST: [
    "Cererea de oferta nu a putut fi actualizata: nu mai exista.",
    "The quote request could not be updated: it no longer exists.",
  ],
  ERROR_DELETE_CONTACT_REQUEST: [
    "Cererea de oferta nu a putut fi stearsa: nu mai exista.",
    "The quote request could not be deleted: it no longer exists.",
  ],
  REQUIRED_CONTACT_REQUEST_STATUS: ["Starea este obligatorie", "The status is required"],
  INVALID_CONTACT_REQUEST_STATUS: [
    "Starea trebuie sa fie nou, contactat sau finalizat",
    "The status must be nou, contactat or finalizat",
  ],
  INVALID_CONTACT_REQUEST_SEARCH: [
    "Cautarea poate avea cel mult 100 de caractere",
    "The search can have at most 100 characters",
  ],
  INVALID_CONTACT_REQUEST_PAGE: ["Pagina nu este valida", "The page is not valid"],
  INVALID_CONTACT_REQUEST_PAGE_SIZE: [
    "Numarul de cereri pe pagina trebuie sa fie intre 1 si 100",
    "The number of requests per page must be between 1 and 100",
  ],
  INVALID_CONTACT_REQUEST_PRODUCT: ["Utilajul ales nu este valid", "The chosen machine is not valid"],
  INVALID_CONTACT_REQUEST_CATEGORY: ["Categoria aleasa nu este valida", "The chosen category is not valid"],
  INVALID_CONTACT_REQUEST_DATE: ["Data nu este valida (AAAA-LL-ZZ)", "The date is not valid (YYYY-MM-DD)"],
} as const satisfies MessageTable;
