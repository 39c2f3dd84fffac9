import { z } from "../zod.ts";
import { CONTACT_LIMITS } from "./contact-limits.ts";
import type { VisitorErrorCode } from "../errors/visitor-error-codes.ts";
import { LANGUAGES } from "../language/language.ts";
import { singleLine } from "../text/single-line.ts";
import { uuidField } from "../fields/schema-fields.ts";
import { quoteItemsSchema } from "./quote-list-schema.ts";

/**
 * The contact / quote request of spec §3 and its rules of §5, for the form on /contact and for
 * POST /api/contact. Each rule's message is an error code; the form shows that code's message.
 */

/** Spec §5: lower-case address whose last part has 2 to 4 letters (the address is lower-cased first). */
export const CONTACT_EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,4}$/;

/**
 * Spec §5: optional plus, an optionally bracketed 1-4 digit prefix, then digits and separators
 * (space, hyphen, dot, slash).
 */
export const CONTACT_PHONE_PATTERN = /^\+?\(?\d{1,4}\)?[-\s./0-9]*$/;
const PHONE_MIN_DIGITS = 6;

export function isContactEmail(value: string): boolean {
  return CONTACT_EMAIL_PATTERN.test(value);
}

export function isContactPhone(value: string): boolean {
  return CONTACT_PHONE_PATTERN.test(value) && (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS;
}

/** Control characters but the line feed and the tab. */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Free text keeps its line breaks (as \n) and tabs; other control characters are dropped. */
function multiLine(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL_BUT_LINES, "").trim();
}

function text(max: number, code: VisitorErrorCode, clean: (value: string) => string = singleLine) {
  return z
    .string({ error: code })
    .max(max * 2, { error: code })
    .transform(clean)
    .pipe(z.string().max(max, { error: code }))
    .default("");
}

/** The form's fields (spec §3); the captcha's answer is added when the browser sends. */
const contactFields = z.object({
  lastName: text(CONTACT_LIMITS.lastName, "INVALID_CONTACT_LAST_NAME"),
  firstName: text(CONTACT_LIMITS.firstName, "INVALID_CONTACT_FIRST_NAME"),
  email: text(CONTACT_LIMITS.email, "INVALID_CONTACT_EMAIL").transform((value) => value.toLowerCase()),
  phone: text(CONTACT_LIMITS.phone, "INVALID_CONTACT_PHONE"),
  city: text(CONTACT_LIMITS.city, "INVALID_CONTACT_CITY"),
  categories: text(CONTACT_LIMITS.categories, "INVALID_CONTACT_CATEGORIES"),
  message: text(CONTACT_LIMITS.message, "INVALID_CONTACT_MESSAGE", multiLine),
  check: z.literal(true, { error: "REQUIRED_CONTACT_CHECK" }),
  /** The machine a 'CERETI OFERTA' button asked about, when the form was opened from its page. */
  product: uuidField("INVALID_CONTACT_PRODUCT").optional(),
  /** The quote list: the machines asked for, with their days and operator (additive to spec §3's payload). */
  items: quoteItemsSchema.optional(),
  lang: z.enum(LANGUAGES, { error: "INVALID_LANG" }).default("ro"),
  /** Hidden from people; whatever fills it is a robot. */
  website: z.unknown().optional(),
});

/**
 * Spec §4: e-mail and phone are each required only while the other is empty or invalid; a value that
 * is given must be valid either way (it is where the company answers). Checked even when another field
 * failed, so the form shows every error at once.
 */
function emailOrPhone(value: { email?: unknown; phone?: unknown } | null, ctx: z.RefinementCtx): void {
  // Run even when the object itself failed (see `always`), the value may be anything.
  const email = typeof value?.email === "string" ? value.email : "";
  const phone = typeof value?.phone === "string" ? value.phone : "";
  const emailValid = isContactEmail(email);
  const phoneValid = isContactPhone(phone);
  if (email && !emailValid) ctx.addIssue({ code: "custom", message: "INVALID_CONTACT_EMAIL", path: ["email"] });
  if (!email && !phoneValid) ctx.addIssue({ code: "custom", message: "REQUIRED_CONTACT_EMAIL", path: ["email"] });
  if (phone && !phoneValid) ctx.addIssue({ code: "custom", message: "INVALID_CONTACT_PHONE", path: ["phone"] });
  if (!phone && !emailValid) ctx.addIssue({ code: "custom", message: "REQUIRED_CONTACT_PHONE", path: ["phone"] });
}

const always = { when: () => true };

/** What the form checks before it asks for the captcha. */
export const contactFormSchema = contactFields.superRefine(emailOrPhone, always);

/** POST /api/contact and the page's action: the form plus the captcha's answer. */
export const contactSchema = contactFields
  .extend({
    /** An ALTCHA payload, or a reCAPTCHA / Turnstile token. */
    recaptcha: z
      .string({ error: "REQUIRED_CAPTCHA_TOKEN" })
      .min(1, { error: "REQUIRED_CAPTCHA_TOKEN", abort: true })
      .max(CONTACT_LIMITS.captcha, { error: "INVALID_CAPTCHA_TOKEN" }),
  })
  .superRefine(emailOrPhone, always);

export type ContactInput = z.input<typeof contactSchema>;
export type ContactRequest = z.output<typeof contactSchema>;
export type ContactFormRequest = z.output<typeof contactFormSchema>;
