import type { Locale } from "../../../common/language.ts";
import { contactFieldsOf } from "../../../common/contact-form-fields.ts";
import type { ErrorCode } from "../../../common/error-codes.ts";
import { contactFormSchema } from "../../../common/schemas/contact.ts";
import { errorsOf, type FieldErrors } from "./fields.ts";

/** The form's fields checked with the shared schema (the API's own rules), every error at once. */
export function checkForm(form: HTMLFormElement, lang: Locale): FieldErrors {
  const result = contactFormSchema.safeParse(contactFieldsOf(new FormData(form), lang));
  if (result.success) return {};
  return errorsOf(result.error.issues.map((issue) => ({ path: issue.path.join("."), msg: issue.message as ErrorCode })));
}
