import type { Locale } from "../language/language.ts";
import { isCodeOf, messageOf, type MessageTable } from "./message-table.ts";

/**
 * The part of the error catalogue (common/errors/error-codes.ts) a visitor meets: the contact form's and
 * its quote list's codes, its captcha's, the requests' general refusals and the search's. A table of
 * its own so the contact page's script carries these messages and not the administrator's.
 */
export const visitorMessages = {
  // The request as a whole (codes spec §8 lacks, for cases it does not name) and spec §8's "already sent".
  ERROR_RECAPTCHA_TOKEN: [
    "Datele de contact au fost deja trimise! Incercati mai tarziu.",
    "The form was already sent; please retry later.",
  ],
  ERROR_NOT_FOUND: ["Resursa nu exista.", "Not found."],
  ERROR_BAD_REQUEST: ["Cererea nu este valida.", "The request is not valid."],
  ERROR_PAYLOAD_TOO_LARGE: ["Cererea este prea mare.", "The request is too large."],
  ERROR_UNSUPPORTED_MEDIA_TYPE: ["Cererea trebuie trimisa ca JSON.", "The request must be sent as JSON."],
  ERROR_TOO_MANY_REQUESTS: [
    "Prea multe incercari. Incercati mai tarziu.",
    "Too many attempts. Please try again later.",
  ],
  ERROR_SERVER_BUSY: [
    "Serverul este ocupat. Incercati din nou peste cateva secunde.",
    "The server is busy. Please try again in a few seconds.",
  ],
  ERROR_INTERNAL: ["A aparut o eroare pe server.", "Something went wrong on the server."],
  INVALID_LANG: ["Limba nu este acceptata", "The language is not supported"],
  // A machine's availability over a range of days (decision 070).
  INVALID_AVAILABILITY_DAY: ["Ziua nu este valida (AAAA-LL-ZZ)", "The day is not valid (YYYY-MM-DD)"],
  AVAILABILITY_LAST_DAY_BEFORE_FIRST: ["Ultima zi este inaintea primei zile", "The last day is before the first day"],
  AVAILABILITY_RANGE_TOO_LONG: ["Perioada poate avea cel mult 366 de zile", "The period can span at most 366 days"],
  REQUIRED_AVAILABILITY_PRODUCT: ["Alegeti un utilaj", "Choose a machine"],
  UNKNOWN_AVAILABILITY_PRODUCT: ["Utilajul nu exista in oferta", "The machine is not in our offer"],
  AVAILABILITY_NOT_SHOWN: [
    "Disponibilitatea utilajelor nu este afisata pe acest site",
    "This site does not show the machines' availability",
  ],
  // The contact form (messages of spec §5 where it gives them) and its captcha.
  REQUIRED_CONTACT_EMAIL: ["Adresa de e-mail este obligatorie", "The e-mail address is required"],
  INVALID_CONTACT_EMAIL: ["Adresa de e-mail nu este valida", "The e-mail address is not valid"],
  REQUIRED_CONTACT_PHONE: ["Numarul de telefon este obligatoriu", "The phone number is required"],
  INVALID_CONTACT_PHONE: ["Numarul de telefon nu este valid", "The phone number is not valid"],
  REQUIRED_CONTACT_CHECK: ["Acceptati Politica de Confidentialitate", "Please accept the Privacy Policy"],
  INVALID_CONTACT_LAST_NAME: [
    "Numele poate avea cel mult 100 de caractere",
    "The last name can have at most 100 characters",
  ],
  INVALID_CONTACT_FIRST_NAME: [
    "Prenumele poate avea cel mult 100 de caractere",
    "The first name can have at most 100 characters",
  ],
  INVALID_CONTACT_CITY: [
    "Localitatea poate avea cel mult 100 de caractere",
    "The city can have at most 100 characters",
  ],
  INVALID_CONTACT_CATEGORIES: [
    "Categoriile alese pot avea cel mult 1000 de caractere",
    "The chosen categories can have at most 1000 characters",
  ],
  INVALID_CONTACT_MESSAGE: [
    "Mesajul poate avea cel mult 5000 de caractere",
    "The message can have at most 5000 characters",
  ],
  INVALID_CONTACT_PRODUCT: ["Utilajul nu mai exista in oferta", "This machine is no longer in the offer"],
  // The quote list sent with the contact form (common/leads/quote-list-schema.ts).
  INVALID_QUOTE_ITEMS: ["Lista de utilaje nu este valida", "The list of machines is not valid"],
  TOO_MANY_QUOTE_ITEMS: ["O cerere poate avea cel mult 10 utilaje", "A request can have at most 10 machines"],
  INVALID_QUOTE_PRODUCT: ["Utilajul nu mai exista in oferta", "This machine is no longer in the offer"],
  DUPLICATE_QUOTE_PRODUCT: ["Utilajul apare de doua ori in lista", "This machine is in the list twice"],
  INVALID_QUOTE_START_DATE: ["Data de inceput nu este valida", "The start date is not valid"],
  REQUIRED_QUOTE_START_DATE: ["Alegeti data de inceput", "Choose the start date"],
  PAST_QUOTE_START_DATE: ["Data de inceput nu poate fi in trecut", "The start date cannot be in the past"],
  FAR_QUOTE_START_DATE: ["Data de inceput poate fi cel mult peste un an", "The start date can be at most a year ahead"],
  INVALID_QUOTE_DAYS: ["Numarul de zile trebuie sa fie intre 1 si 365", "The number of days must be between 1 and 365"],
  INVALID_QUOTE_END_DATE: [
    "Data de sfarsit nu este valida sau nu corespunde numarului de zile",
    "The end date is not valid or does not match the number of days",
  ],
  QUOTE_END_BEFORE_START: ["Data de sfarsit este inaintea datei de inceput", "The end date is before the start date"],
  INVALID_QUOTE_OPERATOR: ["Alegerea operatorului nu este valida", "The operator choice is not valid"],
  INVALID_QUOTE_UNITS: [
    "Numarul de unitati trebuie sa fie un numar intreg intre 1 si 999",
    "The number of units must be a whole number from 1 to 999",
  ],
  QUOTE_UNITS_OVER_FLEET: [
    "Nu avem atatea unitati din acest utilaj; alegeti mai putine",
    "We do not have that many units of this machine; choose fewer",
  ],
  REQUIRED_CAPTCHA_TOKEN: [
    "Verificarea anti-spam lipseste. Trimiteti din nou.",
    "The anti-spam check is missing. Please send again.",
  ],
  INVALID_CAPTCHA_TOKEN: [
    "Verificarea anti-spam a esuat sau a expirat. Trimiteti din nou.",
    "The anti-spam check failed or expired. Please send again.",
  ],
  ERROR_CAPTCHA_UNAVAILABLE: [
    "Verificarea anti-spam nu este disponibila acum. Incercati mai tarziu.",
    "The anti-spam check is unavailable right now. Please try again later.",
  ],
  // The site's search (decision 060): a query that cannot be searched is explained, on the results page and by the API.
  REQUIRED_SEARCH_QUERY: [
    "Scrieti ce utilaj cautati: un model, un tip sau o cifra (de exemplu 20 m)",
    "Type the equipment you are looking for: a model, a kind or a figure (for example 20 m)",
  ],
  INVALID_SEARCH_QUERY: ["Cautarea poate avea cel mult 100 de caractere", "The search can have at most 100 characters"],
} as const satisfies MessageTable;

export type VisitorErrorCode = keyof typeof visitorMessages;

export const isVisitorErrorCode = (value: unknown): value is VisitorErrorCode => isCodeOf(visitorMessages, value);

export const visitorErrorMessage = (code: VisitorErrorCode, locale: Locale = "ro"): string =>
  messageOf(visitorMessages, code, locale);

/** A code as a visitor's page can show it: one of the visitor's codes, else `otherwise`. */
export function visitorErrorCode(code: unknown, otherwise: VisitorErrorCode): VisitorErrorCode {
  return isVisitorErrorCode(code) ? code : otherwise;
}
