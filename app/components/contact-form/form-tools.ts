import type { Locale } from "../../../common/language/language.ts";
import type { CaptchaSettings } from "../../../common/leads/captcha-settings.ts";
import type { CaptchaAnswers } from "./captcha.ts";
import type { QuoteList } from "../../lib/quote-list.ts";
import type { FormErrors } from "./fields.ts";

/** What the form needs once the visitor uses it, not to be shown: the shared schema's checks and the captcha. */
export interface FormTools {
  check(form: HTMLFormElement, lang: Locale, list: QuoteList): FormErrors;
  captcha: CaptchaAnswers;
}

/**
 * Loads the form's tools, out of the page's initial scripts: zod (with the schema, jitless in the
 * browser: common/zod.ts) and the captcha are fetched when the visitor first focuses or types in the form.
 */
export function loadFormTools(settings: CaptchaSettings): Promise<FormTools> {
  return Promise.all([import("./form-checks.ts"), import("./captcha.ts")]).then(
    ([{ checkForm }, { captchaAnswers }]) => ({
      check: checkForm,
      captcha: captchaAnswers(settings),
    }),
  );
}
