import { PRICE_KEYS } from "../pricing/price-settings.ts";
import { COMPANY_SETTING_KEYS } from "./company-settings.ts";
import { OFFER_SETTING_KEYS } from "./offer-settings.ts";

/** The contact keys of spec §3. */
export const CONTACT_KEYS = [
  "contact_mail_to",
  "contact_mail_subject",
  "contact_phone",
  "contact_mail_to_second",
  "contact_phone_second",
] as const;

export type ContactKey = (typeof CONTACT_KEYS)[number];

/**
 * Every configuration key: the contact's, `show_availability` ("true" or "false"; true while
 * absent), the switch that shows the machines' availability on the public pages (decision 070), and
 * the price settings (decision 089: currency, VAT rate, whether the public side shows prices), the
 * offers' (decision 094: their validity and terms of rental, the company's letterhead) and `second_factor_required` ("true" or
 * "false"; false while absent), whether administrators must sign in with a second factor (decision 092).
 */
export const CONFIGURATION_KEYS = [
  ...CONTACT_KEYS,
  "show_availability",
  ...PRICE_KEYS,
  ...OFFER_SETTING_KEYS,
  ...COMPANY_SETTING_KEYS,
  "second_factor_required",
] as const;

export type ConfigurationKey = (typeof CONFIGURATION_KEYS)[number];

/**
 * The keys anyone may read (`GET /api/configuration`): what the public pages show, the contact, the
 * availability switch and the prices. The offers' settings, the letterhead and the second factor's
 * switch are the back-office's (`GET /api/configuration/all`).
 */
const PUBLIC_KEYS: ReadonlySet<string> = new Set<ConfigurationKey>([
  ...CONTACT_KEYS,
  "show_availability",
  ...PRICE_KEYS,
]);

export function isPublicConfigurationKey(key: string): boolean {
  return PUBLIC_KEYS.has(key);
}

/** Whether the public pages show availability, from the stored value (absent: yes). */
export function showsAvailability(value: string | undefined): boolean {
  return value !== "false";
}

/** Whether Configurare requires a second factor of administrators, from the stored value (absent: no). */
export function requiresSecondFactor(value: string | undefined): boolean {
  return value === "true";
}
