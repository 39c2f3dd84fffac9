import type { MessageTable } from "./message-table.ts";

/**
 * The typed specifications' codes (decision 057), each in Romanian and English: a category's
 * definitions and a machine's values.
 */
export const specificationMessages = {
  // A category's specifications (common/specifications/specification-input.ts), at `specifications.N.field`.
  INVALID_CATEGORY_SPECIFICATIONS: [
    "Lista de specificatii nu este valida (cel mult 30)",
    "The list of specifications is not valid (at most 30)",
  ],
  REQUIRED_SPECIFICATION_NAME: ["Numele specificatiei este obligatoriu", "The specification's name is required"],
  INVALID_SPECIFICATION_NAME: [
    "Numele specificatiei poate avea cel mult 60 de caractere, pe un rand, fara caractere invizibile",
    "The specification's name can have at most 60 characters, on one line, without invisible characters",
  ],
  INVALID_SPECIFICATION_NAME_EN: [
    "Numele in engleza poate avea cel mult 60 de caractere, pe un rand, fara caractere invizibile",
    "The English name can have at most 60 characters, on one line, without invisible characters",
  ],
  DUPLICATE_SPECIFICATION_NAME: [
    "Categoria are deja o specificatie cu acest nume",
    "The category already has a specification with this name",
  ],
  INVALID_SPECIFICATION_KIND: ["Tipul specificatiei nu este valid", "The specification's kind is not valid"],
  INVALID_SPECIFICATION_UNIT: [
    "Unitatea de masura nu este valida (doar pentru numere)",
    "The unit is not valid (numbers only)",
  ],
  INVALID_SPECIFICATION_OPTIONS: [
    "O alegere are intre 2 si 20 de optiuni, de cel mult 60 de caractere, fara caractere invizibile; celelalte tipuri nu au optiuni",
    "A choice has 2 to 20 options of at most 60 characters, without invisible characters; the other kinds have none",
  ],
  REQUIRED_SPECIFICATION_OPTION_NAME: ["Numele optiunii este obligatoriu", "The option's name is required"],
  DUPLICATE_SPECIFICATION_OPTION: ["Optiunea apare de doua ori", "This option appears twice"],
  TOO_MANY_CARD_SPECIFICATIONS: [
    "Cel mult 3 specificatii pot aparea pe carduri",
    "At most 3 specifications can appear on the cards",
  ],
  UNKNOWN_SPECIFICATION: [
    "Specificatia nu mai exista in aceasta categorie. Reincarcati pagina.",
    "The specification no longer exists in this category. Reload the page.",
  ],
  SPECIFICATION_VALUES_AFFECTED: [
    "Modificarea sterge sau schimba valori deja completate la utilaje. Confirmati pentru a continua.",
    "This change removes or alters values already filled in for machines. Confirm to go on.",
  ],
  // A machine's specification values, at `specifications.<uuid>`.
  INVALID_PRODUCT_SPECIFICATIONS: [
    "Specificatiile utilajului nu sunt valide",
    "The machine's specifications are not valid",
  ],
  TOO_MANY_PRODUCT_SPECIFICATIONS: [
    "Un utilaj poate avea cel mult 30 de specificatii",
    "A machine can have at most 30 specifications",
  ],
  UNKNOWN_PRODUCT_SPECIFICATION: [
    "Specificatia nu exista. Reincarcati pagina.",
    "The specification does not exist. Reload the page.",
  ],
  PRODUCT_SPECIFICATION_NOT_IN_CATEGORY: [
    "Specificatia nu apartine categoriei utilajului",
    "The specification does not belong to the machine's category",
  ],
  INVALID_PRODUCT_SPECIFICATION_NUMBER: [
    "Valoarea trebuie sa fie un numar, cu cel mult 3 zecimale",
    "The value must be a number, with at most 3 decimals",
  ],
  PRODUCT_SPECIFICATION_OUT_OF_RANGE: [
    "Valoarea este prea mare (cel mult 1.000.000.000)",
    "The value is too large (at most 1,000,000,000)",
  ],
  UNKNOWN_PRODUCT_SPECIFICATION_OPTION: [
    "Optiunea aleasa nu exista. Reincarcati pagina.",
    "The chosen option does not exist. Reload the page.",
  ],
  INVALID_PRODUCT_SPECIFICATION_YES_NO: ["Valoarea trebuie sa fie da sau nu", "The value must be yes or no"],
  INVALID_PRODUCT_SPECIFICATION_TEXT: [
    "Textul poate avea cel mult 120 de caractere, pe un rand, fara caractere invizibile, si nu poate lipsi in romana",
    "The text can have at most 120 characters, on one line, without invisible characters, and cannot be missing in Romanian",
  ],
} as const satisfies MessageTable;
