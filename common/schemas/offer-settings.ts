import { hasHiddenCharacter } from "../fields/field-rules.ts";

/**
 * The offers' settings (decision 094), configuration entries edited in Configurare: how many days a
 * new offer holds (`offer_validity_days`, 14 while absent) and the terms of rental an offer carries,
 * in Romanian and English (`offer_terms`, `offer_terms_en`; empty while absent: none written).
 */

export const OFFER_SETTING_KEYS = ["offer_validity_days", "offer_terms", "offer_terms_en"] as const;

export const DEFAULT_OFFER_VALIDITY_DAYS = 14;
export const OFFER_VALIDITY_DAYS_MAX = 365;

export interface OfferSettings {
  validityDays: number;
  terms: { ro: string; en: string };
}

/** A stored validity: a whole number of days from 1 to 365. */
export const isValidityDays = (value: string): boolean =>
  /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= OFFER_VALIDITY_DAYS_MAX;

/** Terms: any text within the configuration's bound, line breaks and tabs kept, no other hidden character. */
export const isOfferTerms = (value: string): boolean => !hasHiddenCharacter(value.replace(/[\n\t]/g, ""));

/** The settings from the configuration's entries; an absent or unreadable entry is its default. */
export function offerSettingsOf(entries: readonly { key: string; value: string }[]): OfferSettings {
  const value = (key: (typeof OFFER_SETTING_KEYS)[number]) => entries.find((entry) => entry.key === key)?.value ?? "";
  const days = value("offer_validity_days");
  return {
    validityDays: isValidityDays(days) ? Number(days) : DEFAULT_OFFER_VALIDITY_DAYS,
    terms: { ro: value("offer_terms"), en: value("offer_terms_en") },
  };
}
