import { contactFieldsOf } from "../../common/leads/contact-form-fields.ts";
import { UUID_PATTERN } from "../../common/fields/field-rules.ts";
import { languageOfCookies } from "../../common/language/language.ts";
import type { ContactFormResult, ContactPageData } from "../../common/leads/contact-page-data.ts";
import { visitorErrorCode } from "../../common/errors/visitor-error-codes.ts";
import { contactFormSchema, contactSchema } from "../../common/leads/contact-schema.ts";
import { allCategories } from "../catalogue/read.ts";
import { findProductById } from "../db/repositories/products.ts";
import { HttpError, ValidationError } from "../core/errors.ts";
import type { LeadServices } from "./services.ts";
import { validated } from "../core/validation.ts";
import { submitLead, type LeadSender } from "./store-request.ts";

/**
 * The public contact form as its page (/contact) uses it: what the page shows, and the form's post
 * to the page's action, the door of browsers without JavaScript beside POST /api/contact.
 */

/** The /contact page's data: the categories to choose from (spec §2), the captcha, and the `?product=` prefill. */
export async function contactPageData(services: LeadServices, url: URL): Promise<ContactPageData> {
  const categories = await allCategories(services.db);
  const productId = url.searchParams.get("product");
  const product = productId && UUID_PATTERN.test(productId) ? await findProductById(services.db, productId) : undefined;
  return {
    categories: categories.map(({ uuid, name, name_en, slug }) => ({ uuid, name, name_en, slug })),
    captcha: services.captcha.settings,
    prefill: product ? { product: product.id, model: product.model, category: product.category_name } : null,
    retentionDays: services.config.LEADS_RETENTION_DAYS,
  };
}

/**
 * The form posted to the /contact page, with or without JavaScript: the same schema and the same
 * submitLead (limits, captcha, storage) as POST /api/contact. A form without the captcha's answer
 * (no JavaScript) is accepted as unverified, within the limits submitLead keeps for it.
 */
export async function postContactForm(
  services: LeadServices,
  request: Request,
  sender: LeadSender,
): Promise<ContactFormResult> {
  const form = await request.formData().catch(() => undefined);
  if (!form) return { outcome: "refused", status: 400, code: "ERROR_BAD_REQUEST" };
  const fields = contactFieldsOf(form, languageOfCookies(request.headers.get("Cookie")));
  try {
    const answer = form.get("recaptcha");
    const recaptcha = typeof answer === "string" ? answer : "";
    const submission = recaptcha
      ? await validated(contactSchema, { ...fields, recaptcha })
      : { ...(await validated(contactFormSchema, fields)), withoutScript: true as const };
    await submitLead(services, submission, sender);
    return { outcome: "sent", status: 201 };
  } catch (error) {
    // The page shows a visitor's messages only (common/errors/visitor-error-codes.ts); any other code reads as a
    // general one.
    if (error instanceof ValidationError) {
      const errors = error.errors.map(({ msg, path }) => ({ msg: visitorErrorCode(msg, "ERROR_BAD_REQUEST"), path }));
      return { outcome: "invalid", status: 400, errors, values: fields };
    }
    if (error instanceof HttpError)
      return {
        outcome: "refused",
        status: error.status,
        code: visitorErrorCode(error.code, "ERROR_INTERNAL"),
        values: fields,
      };
    throw error;
  }
}
