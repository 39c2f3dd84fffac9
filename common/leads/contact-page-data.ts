import type { CaptchaSettings } from "./captcha-settings.ts";
import type { VisitorErrorCode } from "../errors/visitor-error-codes.ts";
import type { contactFieldsOf } from "./contact-form-fields.ts";

/**
 * The /contact page's data, as the server gives it (server/leads/contact-page.ts) and the page and
 * its form read it (app/routes/contact.tsx, app/components/contact-form/).
 */

/** The machine a 'CERETI OFERTA' button asked about: its id, model and category name. */
export interface OfferPrefill {
  product: string;
  model: string;
  category: string | null;
}

export interface ContactPageData {
  /** `name` is what the form sends (the company reads Romanian); `name_en` what an English page shows, when written. */
  categories: { uuid: string; name: string; name_en: string; slug: string }[];
  captcha: CaptchaSettings;
  prefill: OfferPrefill | null;
  /** LEADS_RETENTION_DAYS, for the privacy policy. */
  retentionDays: number;
}

/** What was typed, to show it again on the page a browser without JavaScript gets back. */
export type SubmittedValues = ReturnType<typeof contactFieldsOf>;

/** What the page's action answers; `status` is the HTTP status of the page a browser without JavaScript gets. */
export type ContactFormResult =
  | { outcome: "sent"; status: 201 }
  | { outcome: "invalid"; status: 400; errors: { msg: VisitorErrorCode; path: string }[]; values: SubmittedValues }
  | { outcome: "refused"; status: number; code: VisitorErrorCode; values?: SubmittedValues };
