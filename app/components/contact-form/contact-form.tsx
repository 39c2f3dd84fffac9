import { useCallback, useRef, useState, type FormEvent } from "react";
import { errorMessage, type ErrorCode } from "../../common/error-codes.ts";
import { CONTACT_LIMITS, contactFormSchema } from "../../common/schemas/contact.ts";
import type { ContactFormResult, ContactPageData, SubmittedValues } from "../../server/leads/contact-form.ts";
import { usePageLanguage } from "../i18n/use-language.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import type { TranslationKey } from "../i18n/translate.ts";
import { captchaAnswer } from "../lib/captcha-answer.ts";
import { contactFieldsOf } from "../../common/contact-form-fields.ts";
import buttons from "../styles/buttons.module.css";
import styles from "./contact-form.module.css";
import { PrivacyDialog } from "./privacy-dialog.tsx";
import { Toast, type ToastMessage } from "./toast.tsx";

type FieldName = "lastName" | "firstName" | "email" | "phone" | "city" | "categories" | "message" | "check";
type FieldErrors = Partial<Record<FieldName | "product", ErrorCode>>;

const TEXT_FIELDS: { name: Exclude<FieldName, "categories" | "message" | "check">; type: string; autoComplete: string }[] = [
  { name: "lastName", type: "text", autoComplete: "family-name" },
  { name: "firstName", type: "text", autoComplete: "given-name" },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "phone", type: "tel", autoComplete: "tel" },
  { name: "city", type: "text", autoComplete: "address-level2" },
];

type Reply = { kind: "sent" } | { kind: "invalid"; errors: { msg: ErrorCode; path: string }[] } | { kind: "refused"; code?: ErrorCode };

/** POST /api/contact (the same checks and storage as the page's action), its answer read; a network failure has no code. */
async function sendRequest(body: Record<string, unknown>): Promise<Reply> {
  let response: Response;
  try {
    response = await fetch("/api/contact", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    return { kind: "refused" };
  }
  if (response.status === 201) return { kind: "sent" };
  const reply = (await response.json().catch(() => ({}))) as { errors?: { msg: ErrorCode; path: string }[]; error?: { code?: ErrorCode } };
  if (reply.errors) return { kind: "invalid", errors: reply.errors };
  return { kind: "refused", code: reply.error?.code ?? "ERROR_INTERNAL" };
}

/** Field order, to move focus to the first one in error. */
const ORDER: FieldName[] = ["lastName", "firstName", "email", "phone", "city", "categories", "message", "check"];

function errorsOf(issues: readonly { path: string; msg: ErrorCode }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path as FieldName;
    if (!errors[field]) errors[field] = issue.msg;
  }
  return errors;
}

function checkForm(form: HTMLFormElement, lang: "ro" | "en"): FieldErrors {
  const result = contactFormSchema.safeParse(contactFieldsOf(new FormData(form), lang));
  if (result.success) return {};
  return errorsOf(result.error.issues.map((issue) => ({ path: issue.path.join("."), msg: issue.message as ErrorCode })));
}

interface ContactFormProps extends Pick<ContactPageData, "categories" | "captcha" | "prefill" | "retentionDays"> {
  /** The company's e-mail, named by the privacy policy. */
  companyEmail: string;
  /** The action's answer when the form was posted without JavaScript. */
  postedResult?: ContactFormResult;
}

/**
 * The contact / quote request form of spec §3–§5. It is a real form posting to the page's action, so
 * it works before (or without) JavaScript; with it, the fields are checked in the browser with the
 * shared schema, the invisible captcha is answered, and the request goes to POST /api/contact.
 */
export function ContactForm({ categories, captcha, prefill, retentionDays, companyEmail, postedResult }: ContactFormProps) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(() => (postedResult?.outcome === "invalid" ? errorsOf(postedResult.errors) : {}));
  const [attempted, setAttempted] = useState(postedResult?.outcome === "invalid");
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const [sending, setSending] = useState(false);
  // Spec §4: once a request went through, sending again only says so and clears the form.
  const [sentOnce, setSentOnce] = useState(postedResult?.outcome === "sent");
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  const show = useCallback((kind: ToastMessage["kind"], text: string) => setToast({ id: Date.now(), kind, text }), []);

  const values: Partial<SubmittedValues> = postedResult?.outcome === "sent" ? {} : (postedResult?.values ?? {});
  const chosen = values.categories !== undefined ? values.categories.split(", ") : prefill?.category ? [prefill.category] : [];
  const message = values.message ?? (prefill ? t("contactForm.offerMessage", { model: prefill.model }) : "");

  const reset = useCallback(() => {
    form.current?.reset();
    setErrors({});
    setAttempted(false);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    if (sentOnce) {
      reset();
      show("error", t("contactForm.alreadySent"));
      return;
    }
    const found = checkForm(element, lang);
    setErrors(found);
    setAttempted(true);
    const first = ORDER.find((name) => found[name]);
    if (first) {
      element.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    let answer: string;
    try {
      answer = await captchaAnswer(captcha);
    } catch {
      setSending(false);
      show("error", t("contactForm.captchaFailed"));
      return;
    }
    setSending(true);
    try {
      handleReply(await sendRequest({ ...contactFieldsOf(new FormData(element), lang), recaptcha: answer }));
    } finally {
      setSending(false);
    }
  }

  function handleReply(reply: Reply) {
    if (reply.kind === "sent") {
      reset();
      setSentOnce(true);
      show("success", t("contactForm.sent"));
    } else if (reply.kind === "invalid") {
      setErrors(errorsOf(reply.errors));
      setAttempted(true);
      show("error", t("contactForm.invalid"));
    } else if (reply.code === "ERROR_RECAPTCHA_TOKEN") {
      // The company has this request already (spec §8's duplicate toast).
      reset();
      setSentOnce(true);
      show("error", t("contactForm.alreadySent"));
    } else {
      show("error", reply.code ? errorMessage(reply.code, lang) : t("contactForm.offline"));
    }
  }

  const recheck = () => {
    if (attempted && form.current) setErrors(checkForm(form.current, lang));
  };
  const described = (name: FieldName) => (errors[name] ? `contact-${name}-error` : undefined);
  const fieldError = (name: FieldName) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className={styles.error}>
        {errorMessage(errors[name], lang)}
      </p>
    ) : null;

  return (
    <>
      <form ref={form} method="post" noValidate className={styles.form} onSubmit={onSubmit} onChange={recheck} aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">{prefill ? t("contactForm.offerFor", { model: prefill.model }) : t("contactForm.title")}</h2>
        <p className={styles.lead}>{t("contactForm.lead")}</p>
        {postedResult?.outcome === "sent" ? (
          <p className={styles.posted} role="status">
            {t("contactForm.sentPage")}
          </p>
        ) : null}
        {postedResult?.outcome === "refused" ? (
          <p className={styles.refused} role="alert">
            {postedResult.code === "ERROR_RECAPTCHA_TOKEN" ? t("contactForm.alreadySent") : errorMessage(postedResult.code, lang)}
          </p>
        ) : null}
        <div className={styles.grid}>
          {TEXT_FIELDS.map(({ name, type, autoComplete }) => (
            <div key={name} className={styles.field}>
              <label htmlFor={`contact-${name}`}>{t(`contactForm.${name}` as TranslationKey)}</label>
              <input
                id={`contact-${name}`}
                name={name}
                type={type}
                autoComplete={autoComplete}
                maxLength={CONTACT_LIMITS[name]}
                defaultValue={values[name] ?? ""}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={described(name)}
              />
              {fieldError(name)}
            </div>
          ))}
        </div>
        {categories.length > 0 ? (
          <fieldset className={styles.categories}>
            <legend>{t("contactForm.categories")}</legend>
            {categories.map((category) => (
              <label key={category.uuid} className={styles.choice}>
                <input type="checkbox" name="categories" value={category.name} defaultChecked={chosen.includes(category.name)} />
                {category.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className={styles.field}>
          <label htmlFor="contact-message">{t("contactForm.message")}</label>
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            defaultValue={message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={described("message")}
          />
          {fieldError("message")}
        </div>
        {prefill ? <input type="hidden" name="product" value={prefill.product} /> : null}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor="contact-website">{t("contactForm.honeypot")}</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className={styles.field}>
          <div className={styles.consent}>
            <input
              id="contact-check"
              name="check"
              type="checkbox"
              disabled={privacyOpen}
              aria-invalid={errors.check ? true : undefined}
              aria-describedby={described("check")}
            />
            <label htmlFor="contact-check">{t("contactForm.acceptPrefix")}</label>
            <button type="button" className={styles.link} onClick={() => setPrivacyOpen(true)} aria-haspopup="dialog">
              {t("contactForm.privacyLink")}
            </button>
          </div>
          {fieldError("check")}
        </div>
        <button type="submit" className={buttons.primary} disabled={sending} aria-busy={sending || undefined}>
          {sending ? t("contactForm.sending") : t("contactForm.submit")}
        </button>
      </form>
      <PrivacyDialog open={privacyOpen} onClose={() => setPrivacyOpen(false)} email={companyEmail} retentionDays={retentionDays} />
      <Toast toast={toast} closeLabel={t("contactForm.close")} onClose={closeToast} />
    </>
  );
}
