import type { Locale } from "../../../common/language/language.ts";
import { contactFieldsOf } from "../../../common/leads/contact-form-fields.ts";
import type { VisitorErrorCode } from "../../../common/errors/visitor-error-codes.ts";
import { contactFormSchema } from "../../../common/leads/contact-schema.ts";
import type { QuoteList } from "../../lib/quote-list.ts";
import { errorsOf, NO_ERRORS, type FormErrors } from "./fields.ts";
import { itemsPayload } from "./quote-item-wishes.ts";

/**
 * The form's fields and the quote list checked with the shared schema (the API's own rules), every error at
 * once; and each machine's units against the most the catalogue said it may have, when it said (the
 * server checks the fleet again).
 */
export function checkForm(form: HTMLFormElement, lang: Locale, list: QuoteList): FormErrors {
  const items = list.length > 0 ? itemsPayload(list) : undefined;
  const result = contactFormSchema.safeParse({ ...contactFieldsOf(new FormData(form), lang), items });
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => ({
        path: issue.path.join("."),
        msg: issue.message as VisitorErrorCode,
      }));
  list.forEach(({ machine, units }, index) => {
    if (machine.maxUnits !== undefined && units !== null && units > machine.maxUnits)
      issues.push({ path: `items.${index}.units`, msg: "QUOTE_UNITS_OVER_FLEET" });
  });
  if (issues.length === 0) return NO_ERRORS;
  return errorsOf(
    issues,
    list.map((item) => item.machine.id),
  );
}
