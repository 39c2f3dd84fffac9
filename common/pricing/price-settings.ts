import { CURRENCIES, WHOLE_IN_HUNDREDTHS, type Currency } from "./money.ts";

/**
 * The site's price settings (decision 089), configuration entries edited in Configurare: the currency
 * (`price_currency`, RON while absent), the VAT rate in hundredths of a percent (`price_vat_rate`, 21 %
 * while absent) and whether the public side shows prices at all (`show_prices`, hidden while absent).
 */

export const PRICE_KEYS = ["price_currency", "price_vat_rate", "show_prices"] as const;

export const DEFAULT_CURRENCY: Currency = "RON";
/** 21 %, Romania's standard rate since August 2025. */
export const DEFAULT_VAT_RATE = 2100;

export interface PriceSettings {
  currency: Currency;
  /** Hundredths of a percent. */
  vatRate: number;
  /** Whether public replies and pages carry the machines' rates. */
  shown: boolean;
}

export const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/** A stored VAT rate: a whole number of hundredths from 0 to 100 %. */
export const isVatRate = (value: string): boolean => /^\d{1,5}$/.test(value) && Number(value) <= WHOLE_IN_HUNDREDTHS;

/** The settings from the configuration's entries; an absent or unreadable entry is its default. */
export function priceSettingsOf(entries: readonly { key: string; value: string }[]): PriceSettings {
  const value = (key: (typeof PRICE_KEYS)[number]) => entries.find((entry) => entry.key === key)?.value ?? "";
  const currency = value("price_currency");
  const vatRate = value("price_vat_rate");
  return {
    currency: isCurrency(currency) ? currency : DEFAULT_CURRENCY,
    vatRate: isVatRate(vatRate) ? Number(vatRate) : DEFAULT_VAT_RATE,
    shown: value("show_prices") === "true",
  };
}
