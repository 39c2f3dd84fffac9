import type { MessageTable } from "./message-table.ts";

/**
 * The codes of the fleet's bookings (decision 070), each in Romanian and English: the booking calls'
 * fields, their rules, the refusal of an overbooking, and the calendar feed. A table of their own,
 * part of the catalogue of common/errors/error-codes.ts; the availability a visitor asks about has
 * its codes in the visitor's table (common/errors/visitor-error-codes.ts).
 */
export const bookingMessages = {
  REQUIRED_BOOKING_PRODUCT: ["Utilajul este obligatoriu", "The machine is required"],
  UNKNOWN_BOOKING_PRODUCT: ["Utilajul nu exista (sau a fost sters)", "The machine does not exist (or was deleted)"],
  INVALID_BOOKING_UNITS: [
    "Numarul de unitati trebuie sa fie un numar intreg intre 1 si 999",
    "The number of units must be a whole number from 1 to 999",
  ],
  BOOKING_UNITS_OVER_FLEET: [
    "Rezervarea cere mai multe unitati decat are flota utilajului",
    "The booking asks for more units than the machine's fleet has",
  ],
  REQUIRED_BOOKING_FIRST_DAY: ["Prima zi este obligatorie", "The first day is required"],
  INVALID_BOOKING_FIRST_DAY: ["Prima zi nu este valida (AAAA-LL-ZZ)", "The first day is not valid (YYYY-MM-DD)"],
  REQUIRED_BOOKING_LAST_DAY: ["Ultima zi este obligatorie", "The last day is required"],
  INVALID_BOOKING_LAST_DAY: ["Ultima zi nu este valida (AAAA-LL-ZZ)", "The last day is not valid (YYYY-MM-DD)"],
  BOOKING_LAST_DAY_BEFORE_FIRST: ["Ultima zi este inaintea primei zile", "The last day is before the first day"],
  BOOKING_RANGE_TOO_LONG: ["O rezervare poate avea cel mult 366 de zile", "A booking can span at most 366 days"],
  BOOKING_IN_THE_PAST: [
    "O rezervare noua nu poate incepe inainte de ziua de azi",
    "A new booking cannot start before today",
  ],
  INVALID_BOOKING_STATE: [
    "Starea trebuie sa fie tentativ, confirmat sau anulat",
    "The state must be tentativ, confirmat or anulat",
  ],
  INVALID_BOOKING_NOTE: [
    "Nota poate avea cel mult 1000 de caractere, fara caractere invizibile",
    "The note can have at most 1000 characters, without invisible characters",
  ],
  INVALID_BOOKING_LEAD: ["Cererea de oferta aleasa nu este valida", "The chosen quote request is not valid"],
  UNKNOWN_BOOKING_LEAD: ["Cererea de oferta nu mai exista", "The quote request no longer exists"],
  INVALID_BOOKING_CONFIRM_OVERBOOKING: [
    "Confirmarea suprarezervarii trebuie sa fie da sau nu",
    "The overbooking confirmation must be yes or no",
  ],
  BOOKING_OVERBOOKED: [
    "Confirmarea depaseste flota utilajului in zilele aratate. Confirmati suprarezervarea pentru a continua.",
    "The confirmation goes beyond the machine's fleet on the days shown. Confirm the overbooking to go on.",
  ],
  INVALID_BOOKING_FILTER: [
    "Filtrul rezervarilor nu este valid (zile AAAA-LL-ZZ, cel mult 366 de zile, utilaj, categorie, cerere sau stare)",
    "The bookings filter is not valid (YYYY-MM-DD days, at most 366 days, machine, category, request or state)",
  ],
  INVALID_LEAD_BOOKINGS: ["Alegeti intre 1 si 10 utilaje de rezervat", "Choose 1 to 10 machines to book"],
  ERROR_BOOK_CONTACT_REQUEST: [
    "Cererea de oferta nu mai exista: nu se poate rezerva din ea.",
    "The quote request no longer exists: nothing can be booked from it.",
  ],
  ERROR_GET_BOOKING: ["Rezervarea nu a fost gasita.", "The booking was not found."],
  ERROR_UPDATE_BOOKING: [
    "Rezervarea nu a putut fi actualizata: nu mai exista.",
    "The booking could not be updated: it no longer exists.",
  ],
  ERROR_CANCEL_BOOKING: [
    "Rezervarea nu a putut fi anulata: nu mai exista.",
    "The booking could not be cancelled: it no longer exists.",
  ],
  ERROR_BOOKING_FEED: [
    "Adresa calendarului nu este (sau nu mai este) valida.",
    "The calendar address is not (or no longer) valid.",
  ],
  INVALID_PRODUCT_UNITS: [
    "Unitatile in flota trebuie sa fie un numar intreg intre 0 si 999",
    "The units in the fleet must be a whole number from 0 to 999",
  ],
  PRODUCT_UNITS_BELOW_BOOKINGS: [
    "Rezervarile confirmate iau mai multe unitati decat flota noua in zilele aratate. Confirmati suprarezervarea pentru a salva.",
    "The confirmed bookings take more units than the new fleet on the days shown. Confirm the overbooking to save.",
  ],
  INVALID_PRODUCT_CONFIRM_OVERBOOKING: [
    "confirm_overbooking trebuie sa fie true sau false",
    "confirm_overbooking must be true or false",
  ],
} as const satisfies MessageTable;
