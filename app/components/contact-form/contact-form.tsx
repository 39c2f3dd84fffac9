import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from "react";
import { CONTACT_LIMITS } from "../../../common/leads/contact-limits.ts";
import {
  visitorErrorCode,
  visitorErrorMessage,
  type VisitorErrorCode,
} from "../../../common/errors/visitor-error-codes.ts";
import type { ContactFormResult, ContactPageData, SubmittedValues } from "../../../common/leads/contact-page-data.ts";
import { shownText } from "../../../common/language/english-fallback.ts";
import { usePageLanguage } from "../../i18n/use-language.ts";
import { Shown } from "../shown.tsx";
import { fillPlaceholders } from "../../i18n/translate.ts";
import type { ContactTexts } from "./contact-texts.ts";
import type { ContactInfo } from "../../lib/contact-info.ts";
import { contactFieldsOf } from "../../../common/leads/contact-form-fields.ts";
import buttons from "../../styles/buttons.module.css";
import styles from "./contact-form.module.css";
import { quoteList, removeFromQuoteList } from "../../lib/quote-list-store.ts";
import type { ListedMachine, QuoteList } from "../../lib/quote-list.ts";
import {
  errorsOf,
  FIELD_ORDER,
  isClear,
  NO_ERRORS,
  QUOTE_FIELD_ORDER,
  quoteFieldId,
  type FieldName,
  type FormErrors,
} from "./fields.ts";
import { loadFormTools, type FormTools } from "./form-tools.ts";
import { PrivacyDialog } from "./privacy-dialog.tsx";
import { itemsPayload } from "./quote-item-wishes.ts";
import { useContactQuoteList } from "./use-contact-quote-list.ts";
import { SpentAllowance } from "./spent-allowance.tsx";
import { Toast, type ToastMessage } from "./toast.tsx";
import type { Currency } from "../../../common/pricing/money.ts";

// The list's editor loads once the browser's list is read (the server's page has none), so it is
// never part of the page's hydration (decision 056).
const QuoteListEditor = lazy(() =>
  import("./quote-list-editor.tsx").then(({ QuoteListEditor }) => ({ default: QuoteListEditor })),
);

const TEXT_FIELDS: {
  name: Exclude<FieldName, "categories" | "message" | "check">;
  type: string;
  autoComplete: string;
}[] = [
  { name: "lastName", type: "text", autoComplete: "family-name" },
  { name: "firstName", type: "text", autoComplete: "given-name" },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "phone", type: "tel", autoComplete: "tel" },
  { name: "city", type: "text", autoComplete: "address-level2" },
];

/** A post without JavaScript over its allowance (CONTACT_NOSCRIPT_* limits) is answered 429. */
const TOO_MANY_REQUESTS = 429;

type Reply =
  | { kind: "sent" }
  | { kind: "invalid"; errors: { msg: VisitorErrorCode; path: string }[] }
  | { kind: "refused"; code?: VisitorErrorCode };

/**
 * POST /api/contact (the same checks and storage as the page's action), its answer read; a network
 * failure has no code.
 */
async function sendRequest(body: Record<string, unknown>): Promise<Reply> {
  let response: Response;
  try {
    response = await fetch("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: "refused" };
  }
  if (response.status === 201) return { kind: "sent" };
  const reply = (await response.json().catch(() => ({}))) as {
    errors?: { msg: unknown; path: string }[];
    error?: { code?: unknown };
  };
  if (reply.errors)
    return {
      kind: "invalid",
      errors: reply.errors.map(({ msg, path }) => ({ msg: visitorErrorCode(msg, "ERROR_BAD_REQUEST"), path })),
    };
  return { kind: "refused", code: visitorErrorCode(reply.error?.code, "ERROR_INTERNAL") };
}

interface ContactFormProps extends Pick<ContactPageData, "categories" | "captcha" | "prefill" | "retentionDays"> {
  /** The company's phones and e-mails: the privacy policy names the first e-mail; a refused post shows them all. */
  contact: ContactInfo;
  /** The action's answer when the form was posted without JavaScript. */
  postedResult?: ContactFormResult;
  /** The page's texts of the form, its quote list and privacy policy, in the page's language (contact-texts.ts). */
  texts: ContactTexts;
  /** While the site shows prices: its currency, for the quote list's estimate (decision 093). */
  estimate?: { currency: Currency };
}

/**
 * The contact / quote request form of spec §3–§5. It is a real form posting to the page's action, so
 * it works before (or without) JavaScript; with it, the fields are checked in the browser with the
 * shared schema, the invisible captcha is answered, and the request goes to POST /api/contact. The
 * schema and the captcha load on the form's first focus or keystroke (form-tools.ts), and the captcha's
 * answer is worked out from then on, so that pressing Send does not wait for it.
 */
export function ContactForm({
  categories,
  captcha,
  prefill,
  retentionDays,
  contact,
  postedResult,
  texts,
  estimate,
}: ContactFormProps) {
  const lang = usePageLanguage();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors>(() =>
    postedResult?.outcome === "invalid" ? errorsOf(postedResult.errors) : NO_ERRORS,
  );
  const [attempted, setAttempted] = useState(postedResult?.outcome === "invalid");
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const [sending, setSending] = useState(false);
  // Spec §4: once a request went through, sending again only says so and clears the form.
  const [sentOnce, setSentOnce] = useState(postedResult?.outcome === "sent");
  // The form's own machine (?product=) was deleted from the catalogue since the page was opened: it is no longer sent.
  const [productGone, setProductGone] = useState(false);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  const show = useCallback((kind: ToastMessage["kind"], text: string) => setToast({ id: Date.now(), kind, text }), []);
  const tools = useRef<Promise<FormTools> | null>(null);
  const quote = useContactQuoteList(prefill);

  /** The form's tools, loaded once (again after a failed load); the captcha starts on its answer. */
  const prepare = useCallback((): Promise<FormTools> => {
    if (!tools.current) {
      const loading = loadFormTools(captcha);
      loading.catch(() => {
        if (tools.current === loading) tools.current = null;
      });
      tools.current = loading;
    }
    return tools.current.then((loaded) => {
      loaded.captcha.prepare();
      return loaded;
    });
  }, [captcha]);
  const startPreparing = () => void prepare().catch(() => undefined);

  const values: Partial<SubmittedValues> = postedResult?.outcome === "sent" ? {} : (postedResult?.values ?? {});
  const chosen =
    values.categories !== undefined ? values.categories.split(", ") : prefill?.category ? [prefill.category] : [];
  const message =
    values.message ?? (prefill ? fillPlaceholders(texts.form.offerMessage, { model: prefill.model }) : "");

  const reset = useCallback(() => {
    form.current?.reset();
    setErrors(NO_ERRORS);
    setAttempted(false);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    if (sentOnce) {
      reset();
      show("error", texts.form.alreadySent);
      return;
    }
    setSending(true);
    try {
      let loaded: FormTools;
      try {
        loaded = await prepare();
      } catch {
        show("error", texts.form.offline);
        return;
      }
      // The list as it is now is what goes: an item's message is matched to its machine by its place in it.
      const sent = quoteList();
      const found = loaded.check(element, lang, sent);
      setErrors(found);
      setAttempted(true);
      if (!isClear(found)) {
        firstInError(element, found, sent)?.focus();
        return;
      }
      let answer: string;
      try {
        answer = await loaded.captcha.take();
      } catch {
        show("error", texts.form.captchaFailed);
        return;
      }
      const reply = await sendRequest({ ...requestFields(new FormData(element), sent), recaptcha: answer });
      // An answer is accepted once: a send that may come next (after a refusal) gets a new one.
      if (reply.kind !== "sent") loaded.captcha.prepare();
      handleReply(reply, sent);
    } finally {
      setSending(false);
    }
  }

  /**
   * The form's fields and the list as `items` when there is one. The form's own machine (`product`, as
   * the specification's payload has it) goes while the list holds it: taken out, or left out of a full
   * list, the visitor is not asking for it.
   */
  function requestFields(data: FormData, list: QuoteList) {
    const fields = contactFieldsOf(data, lang);
    const product = list.some((item) => item.machine.id === fields.product) ? fields.product : undefined;
    return list.length === 0 ? { ...fields, product } : { ...fields, product, items: itemsPayload(list) };
  }

  /** The machines the server refused as no longer in the catalogue: in the list at their place, and the form's own. */
  function goneMachines(found: FormErrors, sent: QuoteList): ListedMachine[] {
    const gone = sent
      .filter((item) => found.items[item.machine.id]?.product === "INVALID_QUOTE_PRODUCT")
      .map((item) => item.machine);
    if (
      prefill &&
      found.fields.product === "INVALID_CONTACT_PRODUCT" &&
      !gone.some((machine) => machine.id === prefill.product)
    ) {
      const listed = sent.find((item) => item.machine.id === prefill.product)?.machine;
      gone.push(listed ?? { id: prefill.product, model: prefill.model, category: null, path: "" });
    }
    return gone;
  }

  function handleReply(reply: Reply, sent: QuoteList) {
    if (reply.kind === "sent") {
      reset();
      // What was sent leaves the list; a machine another tab added meanwhile stays for the next request.
      removeFromQuoteList(sent.map((item) => item.machine.id));
      setSentOnce(true);
      show("success", texts.form.sent);
    } else if (reply.kind === "invalid") {
      const found = errorsOf(
        reply.errors,
        sent.map((item) => item.machine.id),
      );
      // Machines deleted from the catalogue since they were added leave the list, with a notice; the rest stays.
      const gone = goneMachines(found, sent);
      quote.dropGone(gone);
      if (found.fields.product) setProductGone(true);
      setErrors(
        gone.length > 0
          ? {
              ...found,
              items: withoutKeys(
                found.items,
                gone.map((machine) => machine.id),
              ),
            }
          : found,
      );
      setAttempted(true);
      show("error", texts.form.invalid);
    } else if (reply.code === "ERROR_RECAPTCHA_TOKEN") {
      // The company has this request already (spec §8's duplicate toast).
      reset();
      setSentOnce(true);
      show("error", texts.form.alreadySent);
    } else {
      show("error", reply.code ? visitorErrorMessage(reply.code, lang) : texts.form.offline);
    }
  }

  const recheck = () => {
    const element = form.current;
    if (!attempted || !element) return;
    prepare().then(
      ({ check }) => setErrors(check(element, lang, quoteList())),
      () => undefined,
    );
  };
  const described = (name: FieldName) => (errors.fields[name] ? `contact-${name}-error` : undefined);
  const fieldError = (name: FieldName) =>
    errors.fields[name] ? (
      <p id={`contact-${name}-error`} className={styles.error}>
        {visitorErrorMessage(errors.fields[name], lang)}
      </p>
    ) : null;

  return (
    <>
      <form
        ref={form}
        method="post"
        noValidate
        className={styles.form}
        onSubmit={onSubmit}
        onChange={recheck}
        onFocus={startPreparing}
        onInput={startPreparing}
        aria-labelledby="contact-form-title"
      >
        <h2 id="contact-form-title">
          {prefill ? fillPlaceholders(texts.form.offerFor, { model: prefill.model }) : texts.form.title}
        </h2>
        <p className={styles.lead}>{texts.form.lead}</p>
        {postedResult?.outcome === "sent" ? (
          <p className={styles.posted} role="status">
            {texts.form.sentPage}
          </p>
        ) : null}
        {postedResult?.outcome === "refused" && postedResult.status === TOO_MANY_REQUESTS ? (
          <SpentAllowance contact={contact} texts={texts.form} />
        ) : null}
        {postedResult?.outcome === "refused" && postedResult.status !== TOO_MANY_REQUESTS ? (
          <p className={styles.refused} role="alert">
            {postedResult.code === "ERROR_RECAPTCHA_TOKEN"
              ? texts.form.alreadySent
              : visitorErrorMessage(postedResult.code, lang)}
          </p>
        ) : null}
        {/* The list lives in the browser: the server's page (and a browser without JavaScript) has none to show. */}
        {quote.list ? (
          <Suspense>
            <QuoteListEditor
              texts={texts.list}
              list={quote.list}
              errors={errors.items}
              listError={errors.list}
              gone={quote.gone}
              prefillLeftOut={quote.prefillLeftOut}
              estimate={estimate}
            />
          </Suspense>
        ) : null}
        <div className={styles.grid}>
          {TEXT_FIELDS.map(({ name, type, autoComplete }) => (
            <div key={name} className={styles.field}>
              <label htmlFor={`contact-${name}`}>{texts.form[name]}</label>
              <input
                id={`contact-${name}`}
                name={name}
                type={type}
                autoComplete={autoComplete}
                maxLength={CONTACT_LIMITS[name]}
                defaultValue={values[name] ?? ""}
                aria-invalid={errors.fields[name] ? true : undefined}
                aria-describedby={described(name)}
              />
              {fieldError(name)}
            </div>
          ))}
        </div>
        {categories.length > 0 ? (
          <fieldset className={styles.categories}>
            <legend>{texts.form.categories}</legend>
            {categories.map((category) => (
              <label key={category.uuid} className={styles.choice}>
                {/* Sent by its Romanian name, which the company reads, whatever the page shows. */}
                <input
                  type="checkbox"
                  name="categories"
                  value={category.name}
                  defaultChecked={chosen.includes(category.name)}
                />
                <Shown text={shownText(category.name, category.name_en, lang)} />
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className={styles.field}>
          <label htmlFor="contact-message">{texts.form.message}</label>
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            defaultValue={message}
            aria-invalid={errors.fields.message ? true : undefined}
            aria-describedby={described("message")}
          />
          {fieldError("message")}
        </div>
        {prefill && !productGone ? <input type="hidden" name="product" value={prefill.product} /> : null}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor="contact-website">{texts.form.honeypot}</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className={styles.field}>
          <div className={styles.consent}>
            <input
              id="contact-check"
              name="check"
              type="checkbox"
              disabled={privacyOpen}
              aria-invalid={errors.fields.check ? true : undefined}
              aria-describedby={described("check")}
            />
            <label htmlFor="contact-check">{texts.form.acceptPrefix}</label>
            <button type="button" className={styles.link} onClick={() => setPrivacyOpen(true)} aria-haspopup="dialog">
              {texts.form.privacyLink}
            </button>
          </div>
          {fieldError("check")}
        </div>
        <button type="submit" className={buttons.primary} disabled={sending} aria-busy={sending || undefined}>
          {sending ? texts.form.sending : texts.form.submit}
        </button>
      </form>
      <PrivacyDialog
        texts={texts.privacy}
        open={privacyOpen}
        onClose={() => setPrivacyOpen(false)}
        email={contact.emails[0] ?? ""}
        retentionDays={retentionDays}
      />
      <Toast toast={toast} closeLabel={texts.form.close} onClose={closeToast} />
    </>
  );
}

/** The first field in error in the page's order: the list's machines come first, above the form's fields. */
function firstInError(form: HTMLFormElement, errors: FormErrors, list: QuoteList): HTMLElement | null {
  for (const { machine } of list) {
    const field = QUOTE_FIELD_ORDER.find((name) => name !== "product" && errors.items[machine.id]?.[name]);
    if (field) return document.getElementById(quoteFieldId(machine.id, field));
  }
  const first = FIELD_ORDER.find((name) => errors.fields[name]);
  return first ? form.querySelector<HTMLElement>(`[name="${first}"]`) : null;
}

function withoutKeys<T>(record: Readonly<Record<string, T>>, keys: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}
