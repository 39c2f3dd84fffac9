import type { Locale } from "../../../common/language.ts";
import type { CaptchaAnswers, CaptchaSettings } from "./captcha.ts";
import type { FieldErrors } from "./fields.ts";

/** What the form needs once the visitor uses it, not to be shown: the shared schema's checks and the captcha. */
export interface FormTools {
  check(form: HTMLFormElement, lang: Locale): FieldErrors;
  captcha: CaptchaAnswers;
}

/**
 * Loads the form's tools, out of the page's initial scripts: zod (with the schema) and the captcha
 * are fetched when the visitor first focuses or types in the form. zod is configured jitless before
 * the schema module runs (zod-jitless.ts): loaded first, whatever chunk the bundler puts each in.
 */
export function loadFormTools(settings: CaptchaSettings): Promise<FormTools> {
  const checks = import("./zod-jitless.ts").then(() => import("./form-checks.ts"));
  return Promise.all([checks, import("./captcha.ts")]).then(([{ checkForm }, { captchaAnswers }]) => ({
    check: checkForm,
    captcha: captchaAnswers(settings),
  }));
}
