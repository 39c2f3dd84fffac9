import type { RouterContextProvider } from "react-router";
import type { ErrorCode } from "../../common/error-codes.ts";
import { UUID_PATTERN } from "../../common/field-rules.ts";
import { languageOfCookies } from "../../common/language.ts";
import { contactFormSchema, contactSchema } from "../../common/schemas/contact.ts";
import type { CaptchaSettings } from "../../server/captcha/captcha.ts";
import { allCategories } from "../../server/catalogue/read.ts";
import { submitLead } from "../../server/leads/submit.ts";
import { findProductById } from "../../server/db/repositories/products.ts";
import { HttpError, ValidationError } from "../../server/errors.ts";
import { validated } from "../../server/validation.ts";
import { contactFieldsOf } from "../lib/contact-form-data.ts";
import { getClient, getServices } from "../services.server.ts";

type LoaderContext = Readonly<RouterContextProvider>;

/** The machine a 'CERETI OFERTA' button asked about: its id, model and category name. */
export interface OfferPrefill {
  product: string;
  model: string;
  category: string | null;
}

export interface ContactPageData {
  categories: { uuid: string; name: string; slug: string }[];
  captcha: CaptchaSettings;
  prefill: OfferPrefill | null;
  /** LEADS_RETENTION_DAYS, for the privacy policy. */
  retentionDays: number;
}

/** The /contact page's data: the categories to choose from (spec §2), the captcha, and the `?product=` prefill. */
export async function loadContactPage(context: LoaderContext, url: URL): Promise<ContactPageData> {
  const services = getServices(context);
  const categories = await allCategories(services.db);
  const productId = url.searchParams.get("product");
  const product = productId && UUID_PATTERN.test(productId) ? await findProductById(services.db, productId) : undefined;
  return {
    categories: categories.map(({ uuid, name, slug }) => ({ uuid, name, slug })),
    captcha: services.captcha.settings,
    prefill: product ? { product: product.id, model: product.model, category: product.category_name } : null,
    retentionDays: services.config.LEADS_RETENTION_DAYS,
  };
}

/** What the action answers; `status` is the HTTP status of the page a browser without JavaScript gets. */
export type ContactFormResult =
  | { outcome: "sent"; status: 201 }
  | { outcome: "invalid"; status: 400; errors: { msg: ErrorCode; path: string }[]; values: SubmittedValues }
  | { outcome: "refused"; status: number; code: ErrorCode; values?: SubmittedValues };

/** What was typed, to show it again on the page a browser without JavaScript gets back. */
export type SubmittedValues = ReturnType<typeof contactFieldsOf>;

/**
 * The /contact form's action, for browsers with and without JavaScript: the same checks and storage
 * as POST /api/contact (server/leads/submit.ts). A form posted without the captcha's answer (no
 * JavaScript) is accepted as unverified; the per-address limit bounds what a robot can do with that.
 */
export async function submitContactForm(context: LoaderContext, request: Request): Promise<ContactFormResult> {
  const services = getServices(context);
  const client = getClient(context);
  if (!services.rateLimits.contact.take(client.address).allowed) return { outcome: "refused", status: 429, code: "ERROR_TOO_MANY_REQUESTS" };
  const form = await request.formData().catch(() => undefined);
  if (!form) return { outcome: "refused", status: 400, code: "ERROR_BAD_REQUEST" };
  const fields = contactFieldsOf(form, languageOfCookies(request.headers.get("Cookie")));
  try {
    const answer = form.get("recaptcha");
    const recaptcha = typeof answer === "string" ? answer : "";
    const submission = recaptcha
      ? await validated(contactSchema, { ...fields, recaptcha })
      : { ...(await validated(contactFormSchema, fields)), withoutScript: true as const };
    await submitLead(services, submission, client);
    return { outcome: "sent", status: 201 };
  } catch (error) {
    if (error instanceof ValidationError) return { outcome: "invalid", status: 400, errors: error.errors, values: fields };
    if (error instanceof HttpError) return { outcome: "refused", status: error.status, code: error.code, values: fields };
    throw error;
  }
}
