import type { MessageTable } from "./message-table.ts";

/**
 * The codes of the offers (decision 094), each in Romanian and English: an offer's fields and lines,
 * the rules that need the catalogue (the machine, its fleet, its days), and its states. A table of its
 * own, part of the catalogue of common/errors/error-codes.ts.
 */
export const offerMessages = {
  ERROR_OFFER_NOT_FOUND: ["Oferta nu exista", "The offer does not exist"],
  ERROR_OFFER_CONTACT_REQUEST: ["Cererea de oferta nu exista", "The quote request does not exist"],
  INVALID_OFFER_LEAD: ["Cererea de oferta aleasa nu este valida", "The chosen quote request is not valid"],
  UNKNOWN_OFFER_LEAD: ["Cererea de oferta nu mai exista", "The quote request no longer exists"],
  REQUIRED_OFFER_CUSTOMER_NAME: ["Numele clientului este obligatoriu", "The customer's name is required"],
  INVALID_OFFER_CUSTOMER_NAME: [
    "Numele clientului poate avea cel mult 200 de caractere, fara caractere invizibile",
    "The customer's name can have at most 200 characters, without invisible characters",
  ],
  INVALID_OFFER_CUSTOMER_COMPANY: [
    "Firma clientului poate avea cel mult 200 de caractere, fara caractere invizibile",
    "The customer's company can have at most 200 characters, without invisible characters",
  ],
  INVALID_OFFER_CUSTOMER_EMAIL: ["Adresa de e-mail a clientului nu este valida", "The customer's e-mail is not valid"],
  INVALID_OFFER_CUSTOMER_PHONE: [
    "Telefonul clientului poate avea cel mult 30 de caractere: cifre, spatii, +, -, ( si )",
    "The customer's phone can have at most 30 characters: digits, spaces, +, -, ( and )",
  ],
  INVALID_OFFER_LANGUAGE: ["Limba ofertei trebuie sa fie ro sau en", "The offer's language must be ro or en"],
  INVALID_OFFER_VALID_UNTIL: [
    "Data de valabilitate nu este valida (AAAA-LL-ZZ, de azi pana intr-un an)",
    "The validity date is not valid (YYYY-MM-DD, from today to a year from now)",
  ],
  INVALID_OFFER_NOTES: [
    "Notele pot avea cel mult 2000 de caractere, fara caractere invizibile",
    "The notes can have at most 2000 characters, without invisible characters",
  ],
  INVALID_OFFER_DISCOUNT: [
    "Reducerea trebuie sa fie un procent intre 0 si 100, cu cel mult doua zecimale",
    "The discount must be a percentage from 0 to 100, with at most two decimals",
  ],
  INVALID_OFFER_VAT_RATE: [
    "Cota TVA trebuie sa fie intre 0 si 100 %, cu cel mult doua zecimale",
    "The VAT rate must be from 0 to 100 %, with at most two decimals",
  ],
  OFFER_WITHOUT_LINES: ["Oferta trebuie sa aiba cel putin o linie", "The offer needs at least one line"],
  OFFER_TOO_MANY_LINES: ["O oferta poate avea cel mult 40 de linii", "An offer can have at most 40 lines"],
  INVALID_OFFER_LINE: ["Linia ofertei nu este valida", "The offer's line is not valid"],
  INVALID_OFFER_LINE_KIND: ["Tipul liniei trebuie sa fie utilaj sau libera", "The line's kind must be machine or free"],
  REQUIRED_OFFER_LINE_MACHINE: ["Utilajul liniei este obligatoriu", "The line's machine is required"],
  UNKNOWN_OFFER_LINE_MACHINE: ["Utilajul liniei nu exista", "The line's machine does not exist"],
  OFFER_LINE_MACHINE_IN_TRASH: [
    "Utilajul liniei este in Cos: restaurati-l sau alegeti altul",
    "The line's machine is in the trash: restore it or choose another",
  ],
  OFFER_LINE_UNITS_OVER_FLEET: [
    "Linia cere mai multe unitati decat are flota utilajului",
    "The line asks for more units than the machine's fleet has",
  ],
  OFFER_LINE_IN_THE_PAST: ["Zilele liniei nu pot incepe inainte de azi", "The line's days cannot start before today"],
  OFFER_LINE_WITHOUT_PRICE: [
    "Utilajul nu are tarif pe zi: scrieti suma liniei",
    "The machine has no day rate: write the line's amount",
  ],
  OFFER_LINE_WITHOUT_OPERATOR_RATE: [
    "Utilajul nu are tarif de operator: scrieti suma liniei",
    "The machine has no operator's rate: write the line's amount",
  ],
  REQUIRED_OFFER_LINE_DESCRIPTION: ["Descrierea liniei este obligatorie", "The line's description is required"],
  INVALID_OFFER_LINE_DESCRIPTION: [
    "Descrierea liniei poate avea cel mult 200 de caractere, fara caractere invizibile",
    "The line's description can have at most 200 characters, without invisible characters",
  ],
  REQUIRED_OFFER_LINE_AMOUNT: ["Suma liniei este obligatorie", "The line's amount is required"],
  INVALID_OFFER_LINE_OPERATOR: ["Operatorul trebuie sa fie da sau nu", "The operator must be yes or no"],
  OFFER_TOTAL_TOO_LARGE: [
    "Totalul ofertei este prea mare (cel mult 10.000.000)",
    "The offer's total is too large (at most 10,000,000)",
  ],
  INVALID_OFFER_STATE: [
    "Starea trebuie sa fie ciorna, trimisa, acceptata, refuzata, expirata, anulata sau inlocuita",
    "The state must be ciorna, trimisa, acceptata, refuzata, expirata, anulata or inlocuita",
  ],
  OFFER_NOT_DRAFT: [
    "O oferta trimisa nu se mai schimba: faceti o versiune noua",
    "A sent offer is never changed: make a new version",
  ],
  OFFER_NOT_SENT: ["Doar o oferta trimisa poate primi o versiune noua", "Only a sent offer can get a new version"],
  OFFER_HAS_NEWER_VERSION: ["Oferta are deja o versiune mai noua", "The offer already has a newer version"],
  OFFER_CLOSED: [
    "Oferta este deja acceptata, refuzata, expirata sau anulata",
    "The offer is already accepted, refused, expired or cancelled",
  ],
  INVALID_CONFIGURATION_OFFER_VALIDITY: [
    "Valabilitatea ofertelor trebuie sa fie un numar intreg de zile intre 1 si 365",
    "The offers' validity must be a whole number of days from 1 to 365",
  ],
  INVALID_CONFIGURATION_OFFER_TERMS: [
    "Conditiile de inchiriere pot avea cel mult 1000 de caractere, fara caractere invizibile",
    "The terms of rental can have at most 1000 characters, without invisible characters",
  ],
  INVALID_CONFIGURATION_COMPANY_LEGAL_NAME: [
    "Denumirea firmei poate avea cel mult 120 de caractere, fara caractere invizibile",
    "The company's legal name can have at most 120 characters, without invisible characters",
  ],
  INVALID_CONFIGURATION_COMPANY_CUI: [
    "Codul fiscal (CUI) are 2-10 cifre, cu RO in fata pentru platitorii de TVA",
    "The tax id (CUI) has 2 to 10 digits, with RO before them for a VAT payer",
  ],
  INVALID_CONFIGURATION_COMPANY_REG_COM: [
    "Numarul de la Registrul Comertului se scrie ca J40/4821/2013 sau J2013004821400",
    "The trade register number is written as J40/4821/2013 or J2013004821400",
  ],
  INVALID_CONFIGURATION_COMPANY_ADDRESS: [
    "Adresa firmei poate avea cel mult 200 de caractere, fara caractere invizibile",
    "The company's address can have at most 200 characters, without invisible characters",
  ],
  INVALID_CONFIGURATION_COMPANY_IBAN: [
    "IBAN-ul nu este valid (tara, cifrele de control si contul)",
    "The IBAN is not valid (its country, check digits and account)",
  ],
} as const satisfies MessageTable;
