import { z } from "../zod.ts";
import { CONFIGURATION_KEYS } from "./configuration-keys.ts";
import type { ErrorCode } from "../errors/error-codes.ts";
import {
  EMAIL_MAX_LENGTH,
  LOWERCASE_EMAIL_PATTERN,
  MAIL_SUBJECT_MAX_LENGTH,
  ROMANIAN_PHONE_PATTERN,
  normalizePhone,
} from "../fields/field-rules.ts";
import { collapseSpaces } from "../text/slug.ts";
import { byInput, editVersionField } from "../fields/schema-fields.ts";
import { DEFAULT_CURRENCY, DEFAULT_VAT_RATE, isCurrency, isVatRate } from "../pricing/price-settings.ts";
import {
  companyCode,
  companyText,
  isCompanyAddress,
  isCompanyName,
  isCui,
  isIban,
  isRegCom,
} from "./company-settings.ts";
import { DEFAULT_OFFER_VALIDITY_DAYS, isOfferTerms, isValidityDays } from "./offer-settings.ts";

/** The contact configuration (spec §3, §5): see fields.ts for how the catalogue schemas carry their codes. */

const trimmed = (value: string) => value.trim();

/** Empty passes here: emptiness is the required rule's to report, once. */
function emptyOrMatching(pattern: RegExp, maxLength: number) {
  return (value: string) => value === "" || (value.length <= maxLength && pattern.test(value));
}

/**
 * A configuration value: normalized, then required (primary group) or optional (second group,
 * where empty means absent), then its pattern. No rule aborts, so the second contact's pair rule
 * is reported even while another field is still wrong.
 */
function configurationField(
  normalize: (value: string) => string,
  codes: { required?: ErrorCode; invalid: ErrorCode },
  valid: (value: string) => boolean,
) {
  const text = z.string({ error: byInput(codes.required ?? codes.invalid, codes.invalid) }).overwrite(normalize);
  const checked = codes.required ? text.min(1, { error: codes.required }) : text;
  return checked.refine(valid, { error: codes.invalid });
}

/** An optional value: empty is absent, anything else normalized and then checked. */
function optionalField(normalize: (value: string) => string, invalid: ErrorCode, valid: (value: string) => boolean) {
  return configurationField(normalize, { invalid }, (value) => value === "" || valid(value)).default("");
}

const filled = (value: unknown): boolean => typeof value === "string" && value !== "";

/**
 * The contact configuration as one record keyed by configuration key (spec §5): the primary group
 * is required; the second group is optional, but its e-mail and phone come together.
 */
export const configurationSchema = z
  .object({
    contact_mail_to: configurationField(
      trimmed,
      { required: "REQUIRED_CONFIGURATION_MAIL_TO", invalid: "INVALID_CONFIGURATION_MAIL_TO" },
      emptyOrMatching(LOWERCASE_EMAIL_PATTERN, EMAIL_MAX_LENGTH),
    ),
    contact_mail_subject: configurationField(
      collapseSpaces,
      { required: "REQUIRED_CONFIGURATION_MAIL_SUBJECT", invalid: "INVALID_CONFIGURATION_MAIL_SUBJECT" },
      (value) => value.length <= MAIL_SUBJECT_MAX_LENGTH,
    ),
    contact_phone: configurationField(
      normalizePhone,
      { required: "REQUIRED_CONFIGURATION_PHONE", invalid: "INVALID_CONFIGURATION_PHONE" },
      emptyOrMatching(ROMANIAN_PHONE_PATTERN, Number.POSITIVE_INFINITY),
    ),
    contact_mail_to_second: configurationField(
      trimmed,
      { invalid: "INVALID_CONFIGURATION_MAIL_TO_SECOND" },
      emptyOrMatching(LOWERCASE_EMAIL_PATTERN, EMAIL_MAX_LENGTH),
    ).default(""),
    contact_phone_second: configurationField(
      normalizePhone,
      { invalid: "INVALID_CONFIGURATION_PHONE_SECOND" },
      emptyOrMatching(ROMANIAN_PHONE_PATTERN, Number.POSITIVE_INFINITY),
    ).default(""),
    // Empty (never saved) is the default: shown.
    show_availability: configurationField(
      (value) => value.trim() || "true",
      { invalid: "INVALID_CONFIGURATION_SHOW_AVAILABILITY" },
      (value) => value === "true" || value === "false",
    ).default("true"),
    // The price settings (decision 089); empty (never saved) is each one's default.
    price_currency: configurationField(
      (value) => value.trim().toUpperCase() || DEFAULT_CURRENCY,
      { invalid: "INVALID_CONFIGURATION_PRICE_CURRENCY" },
      isCurrency,
    ).default(DEFAULT_CURRENCY),
    price_vat_rate: configurationField(
      (value) => value.trim() || String(DEFAULT_VAT_RATE),
      { invalid: "INVALID_CONFIGURATION_VAT_RATE" },
      isVatRate,
    ).default(String(DEFAULT_VAT_RATE)),
    show_prices: configurationField(
      (value) => value.trim() || "false",
      { invalid: "INVALID_CONFIGURATION_SHOW_PRICES" },
      (value) => value === "true" || value === "false",
    ).default("false"),
    // Off while never saved (decision 092): a §7 client signing in as the administrator keeps working.
    second_factor_required: configurationField(
      (value) => value.trim() || "false",
      { invalid: "INVALID_CONFIGURATION_SECOND_FACTOR" },
      (value) => value === "true" || value === "false",
    ).default("false"),
    // The offers' settings (decision 094); empty validity (never saved) is its default, empty terms none.
    offer_validity_days: configurationField(
      (value) => value.trim() || String(DEFAULT_OFFER_VALIDITY_DAYS),
      { invalid: "INVALID_CONFIGURATION_OFFER_VALIDITY" },
      isValidityDays,
    ).default(String(DEFAULT_OFFER_VALIDITY_DAYS)),
    offer_terms: configurationField(
      (value) => value.replace(/\r\n?/g, "\n").trim(),
      { invalid: "INVALID_CONFIGURATION_OFFER_TERMS" },
      isOfferTerms,
    ).default(""),
    offer_terms_en: configurationField(
      (value) => value.replace(/\r\n?/g, "\n").trim(),
      { invalid: "INVALID_CONFIGURATION_OFFER_TERMS" },
      isOfferTerms,
    ).default(""),
    // The letterhead of the offers' document (decision 094); empty (never saved) is left off it.
    company_legal_name: optionalField(companyText, "INVALID_CONFIGURATION_COMPANY_LEGAL_NAME", isCompanyName),
    company_cui: optionalField(companyCode, "INVALID_CONFIGURATION_COMPANY_CUI", isCui),
    company_reg_com: optionalField(companyCode, "INVALID_CONFIGURATION_COMPANY_REG_COM", isRegCom),
    company_address: optionalField(companyText, "INVALID_CONFIGURATION_COMPANY_ADDRESS", isCompanyAddress),
    company_iban: optionalField(companyCode, "INVALID_CONFIGURATION_COMPANY_IBAN", isIban),
  })
  .superRefine(
    (value, context) => {
      const mail = filled(value.contact_mail_to_second);
      const phone = filled(value.contact_phone_second);
      if (mail && !phone) {
        context.addIssue({
          code: "custom",
          message: "REQUIRED_CONFIGURATION_PHONE_SECOND",
          path: ["contact_phone_second"],
        });
      }
      if (phone && !mail) {
        context.addIssue({
          code: "custom",
          message: "REQUIRED_CONFIGURATION_MAIL_TO_SECOND",
          path: ["contact_mail_to_second"],
        });
      }
    },
    // Also while another field is wrong (values may then be partly unchecked: hence `filled`).
    { when: () => true },
  );

export const CONFIGURATION_VALUE_MAX_LENGTH = 1000;

/** PUT /configuration/update: entries of spec §3; each key at most once. */
export const configurationUpdateSchema = z
  .array(
    z.object(
      {
        uuid: z.string({ error: "INVALID_CONFIGURATION" }).optional(),
        key: z.enum(CONFIGURATION_KEYS, { error: "INVALID_CONFIGURATION" }),
        value: z
          .string({ error: "INVALID_CONFIGURATION" })
          .max(CONFIGURATION_VALUE_MAX_LENGTH, { error: "INVALID_CONFIGURATION" }),
        version: editVersionField,
      },
      { error: "INVALID_CONFIGURATION" },
    ),
    { error: "INVALID_CONFIGURATION" },
  )
  .max(CONFIGURATION_KEYS.length, { error: "INVALID_CONFIGURATION", abort: true })
  .refine((entries) => new Set(entries.map((entry) => entry.key)).size === entries.length, {
    error: "INVALID_CONFIGURATION",
  });

export type ConfigurationValues = z.infer<typeof configurationSchema>;
export type ConfigurationUpdateInput = z.infer<typeof configurationUpdateSchema>;
