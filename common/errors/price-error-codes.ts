import type { MessageTable } from "./message-table.ts";

/**
 * The codes of a machine's prices and the site's price settings (decision 089), each in Romanian and
 * English: the product calls' `prices` object and the configuration's currency, VAT rate and display
 * switch. A table of their own, part of the catalogue of common/errors/error-codes.ts.
 */
export const priceMessages = {
  INVALID_PRODUCT_PRICES: ["Preturile nu sunt valide", "The prices are not valid"],
  INVALID_PRICE_AMOUNT: ["Suma trebuie sa fie un numar", "The amount must be a number"],
  PRICE_AMOUNT_NEGATIVE: ["Suma nu poate fi negativa", "The amount cannot be negative"],
  PRICE_AMOUNT_NOT_WHOLE: [
    "Suma trebuie sa aiba cel mult doua zecimale (bani sau centi intregi)",
    "The amount must have at most two decimals (whole bani or cents)",
  ],
  PRICE_RATE_ZERO: [
    "Un tarif nu poate fi 0: lasati campul gol daca nu exista tariful",
    "A rate cannot be 0: leave the field empty when there is no such rate",
  ],
  PRICE_AMOUNT_TOO_LARGE: ["Suma este prea mare (cel mult 10.000.000)", "The amount is too large (at most 10,000,000)"],
  PRICE_RATE_WITHOUT_DAY_RATE: [
    "Tariful pe saptamana sau pe luna cere si un tarif pe zi",
    "A week or month rate needs a day rate too",
  ],
  PRICE_MINIMUM_DAYS_OUT_OF_RANGE: [
    "Numarul minim de zile trebuie sa fie un numar intreg intre 1 si 366",
    "The minimum number of days must be a whole number from 1 to 366",
  ],
  INVALID_PRICE_ON_REQUEST: ["'Pret la cerere' trebuie sa fie da sau nu", "'Price on request' must be yes or no"],
  INVALID_CONFIGURATION_PRICE_CURRENCY: ["Moneda trebuie sa fie RON sau EUR", "The currency must be RON or EUR"],
  INVALID_CONFIGURATION_VAT_RATE: [
    "Cota TVA trebuie sa fie intre 0 si 100 %, cu cel mult doua zecimale",
    "The VAT rate must be from 0 to 100 %, with at most two decimals",
  ],
  INVALID_CONFIGURATION_SHOW_PRICES: [
    "Afisarea preturilor trebuie sa fie true sau false",
    "Showing prices must be true or false",
  ],
} as const satisfies MessageTable;
