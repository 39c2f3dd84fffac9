import { hasHiddenCharacter } from "../fields/field-rules.ts";
import { collapseSpaces } from "../text/slug.ts";

/**
 * The company's letterhead on its offers (decision 094), configuration entries edited in Configurare's
 * "Oferte": the legal name, the tax id (CUI), the trade register number, the address and, optionally,
 * the IBAN. Every one is optional for the configuration's API (a §7 client saving its contact keeps
 * working); an empty one is left off the document.
 */

export const COMPANY_SETTING_KEYS = [
  "company_legal_name",
  "company_cui",
  "company_reg_com",
  "company_address",
  "company_iban",
] as const;

export type CompanySettingKey = (typeof COMPANY_SETTING_KEYS)[number];

export const COMPANY_NAME_MAX_LENGTH = 120;
export const COMPANY_ADDRESS_MAX_LENGTH = 200;

export interface CompanySettings {
  legalName: string;
  cui: string;
  regCom: string;
  address: string;
  iban: string;
}

/** A line of text: spaces collapsed. */
export const companyText = collapseSpaces;

/** A code's letters and digits only, in capitals ("ro 314 578 26" is "RO31457826"). */
export const companyCode = (value: string): string => value.replace(/\s+/g, "").toUpperCase();

const textWithin = (max: number) => (value: string) => value.length <= max && !hasHiddenCharacter(value);

export const isCompanyName = textWithin(COMPANY_NAME_MAX_LENGTH);
export const isCompanyAddress = textWithin(COMPANY_ADDRESS_MAX_LENGTH);

/** A Romanian fiscal code: 2 to 10 digits, "RO" before them for a VAT payer. */
export const isCui = (value: string): boolean => /^(RO)?[1-9]\d{1,9}$/.test(value);

/**
 * A trade register number, as written before 2024 (J40/4821/2013: the register, the county, the
 * number, the year) or since (J2013004821400: the register, the year, the number and a check digit).
 */
export const isRegCom = (value: string): boolean => /^[JFC]\d{1,2}\/\d{1,7}\/\d{4}$|^[JFC]\d{13}$/.test(value);

/** An IBAN: its country, check digits and account (ISO 13616), the check digits right (mod 97). */
export function isIban(value: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const digits = (value.slice(4) + value.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/** The letterhead from the configuration's entries; an absent entry is empty. */
export function companySettingsOf(entries: readonly { key: string; value: string }[]): CompanySettings {
  const value = (key: CompanySettingKey) => entries.find((entry) => entry.key === key)?.value ?? "";
  return {
    legalName: value("company_legal_name"),
    cui: value("company_cui"),
    regCom: value("company_reg_com"),
    address: value("company_address"),
    iban: value("company_iban"),
  };
}
