import { lazy, Suspense, useEffect, useRef } from "react";
import { Link } from "react-router";
import { visitorErrorMessage, type VisitorErrorCode } from "../../../common/errors/visitor-error-codes.ts";
import { QUOTE_DAYS_MAX, QUOTE_LIST_MAX } from "../../../common/leads/quote-limits.ts";
import { aYearAfter, romanianDay } from "../../../common/days/romanian-day.ts";
import { lastDayOf } from "../../../common/leads/quote-days.ts";
import { shownText } from "../../../common/language/english-fallback.ts";
import { fillPlaceholders } from "../../i18n/translate.ts";
import { usePageLanguage } from "../../i18n/use-language.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ListedMachine, QuoteList, QuoteListItem } from "../../lib/quote-list.ts";
import { changeQuoteItem, removeFromQuoteList } from "../../lib/quote-list-store.ts";
import { QUOTE_LIST_ANCHOR } from "../quote-list-link.tsx";
import { Shown } from "../shown.tsx";
import { quoteFieldId, type ItemErrors, type QuoteField } from "./fields.ts";
import { chosenDay, daysChange, endChange, startChange } from "./quote-item-wishes.ts";
import { bookedRuns, bookedWithin, useMachineAvailability } from "./machine-availability.ts";
import { CALENDAR_DAYS } from "../../../common/bookings/public-availability.ts";
import type { Locale } from "../../../common/language/language.ts";
import type { Currency } from "../../../common/pricing/money.ts";
import type { ContactTexts } from "./contact-texts.ts";
import styles from "./quote-list-editor.module.css";

/** The id of one machine's field, for its label, its message and the focus on the first error. */

const TITLE_ID = "quote-list-title";

/** The estimate's code loads only where the site shows prices (decision 093). */
const QuoteEstimate = lazy(() => import("./quote-estimate.tsx"));

const dayOrNull = (value: string) => (value === "" ? null : value);
const numberOrNull = (value: string) => (value === "" ? null : Number(value));

interface QuoteListEditorProps {
  texts: ContactTexts["list"];
  list: QuoteList;
  errors: ItemErrors;
  /** About the list as a whole (too many machines). */
  listError?: VisitorErrorCode;
  gone: readonly ListedMachine[];
  /** The form's own machine did not fit in the full list. */
  prefillLeftOut: boolean;
  /** The site's currency while it shows prices: the list then shows its estimate. */
  estimate?: { currency: Currency };
}

/**
 * The visitor's quote list above the contact form's fields: per machine the wished start day (in
 * Romania, from today to a year ahead), the number of days or the end day, the units (up to the
 * machine's fleet once the catalogue said it), the operator, and a way to take it out. Its fields have
 * no names: the form sends the list from the browser's copy.
 */
export function QuoteListEditor({
  texts,
  list,
  errors,
  listError,
  gone,
  prefillLeftOut,
  estimate,
}: QuoteListEditorProps) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const section = useRef<HTMLElement>(null);
  // The page's scroll to #quote-list came before the list was shown (it is drawn once hydrated).
  useEffect(() => {
    if (window.location.hash === `#${QUOTE_LIST_ANCHOR}`) section.current?.scrollIntoView();
  }, []);
  return (
    <section ref={section} id={QUOTE_LIST_ANCHOR} className={styles.list} aria-labelledby={TITLE_ID}>
      {/* Focus comes here when a machine's Remove button leaves with its machine. */}
      <h3 id={TITLE_ID} tabIndex={-1}>
        {fillPlaceholders(texts.title, { count: list.length, max: QUOTE_LIST_MAX })}
      </h3>
      <div role="status">
        {gone.map((machine) => (
          <p key={machine.id} className={styles.notice}>
            {fillPlaceholders(texts.gone, { model: machine.model })}
          </p>
        ))}
        {prefillLeftOut ? <p className={styles.notice}>{t("quoteList.full", { max: QUOTE_LIST_MAX })}</p> : null}
      </div>
      {listError ? <p className={styles.error}>{visitorErrorMessage(listError, lang)}</p> : null}
      {list.length === 0 ? (
        <p className={styles.empty}>{texts.empty}</p>
      ) : (
        <QuoteItems texts={texts} list={list} errors={errors} />
      )}
      {estimate && list.length > 0 ? (
        <Suspense>
          <QuoteEstimate list={list} currency={estimate.currency} />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * The machines of a list that has some: today in Romania is asked for only then (a browser's first
 * date formatter for a time zone takes it tens of milliseconds).
 */
function QuoteItems({ texts, list, errors }: { texts: ContactTexts["list"]; list: QuoteList; errors: ItemErrors }) {
  const today = romanianDay();
  return (
    <ol className={styles.items}>
      {list.map((item) => (
        <li key={item.machine.id}>
          <QuoteItemFields texts={texts} item={item} errors={errors[item.machine.id] ?? {}} today={today} />
        </li>
      ))}
    </ol>
  );
}

interface QuoteItemFieldsProps {
  texts: ContactTexts["list"];
  item: QuoteListItem;
  errors: Partial<Record<QuoteField, VisitorErrorCode>>;
  today: string;
}

function QuoteItemFields({ texts, item, errors, today }: QuoteItemFieldsProps) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { machine } = item;
  const id = (field: QuoteField) => quoteFieldId(machine.id, field);
  const errorId = (field: QuoteField) => `${id(field)}-error`;
  const invalid = (field: QuoteField) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? errorId(field) : undefined,
  });
  const message = (field: QuoteField) =>
    errors[field] ? (
      <p id={errorId(field)} className={styles.error}>
        {visitorErrorMessage(errors[field], lang)}
      </p>
    ) : null;
  const change = (wishes: Parameters<typeof changeQuoteItem>[1]) => changeQuoteItem(machine.id, wishes);
  const lastStart = aYearAfter(today);
  const startDate = chosenDay(item.startDate);
  return (
    <fieldset className={styles.item} aria-describedby={errors.product ? errorId("product") : undefined}>
      <legend className={styles.machine}>
        {machine.path ? <Link to={machine.path}>{machine.model}</Link> : machine.model}
        {machine.category ? (
          <span className={styles.category}>
            {" – "}
            <Shown text={shownText(machine.category.name, machine.category.name_en, lang)} />
          </span>
        ) : null}
      </legend>
      {message("product")}
      <div className={styles.days}>
        <div className={styles.field}>
          <label htmlFor={id("startDate")}>{texts.startDate}</label>
          <input
            id={id("startDate")}
            type="date"
            min={today}
            max={lastStart}
            value={startDate ?? ""}
            onChange={(event) => change(startChange(item, dayOrNull(event.target.value)))}
            {...invalid("startDate")}
          />
          {message("startDate")}
        </div>
        <div className={styles.field}>
          <label htmlFor={id("days")}>{texts.days}</label>
          <input
            id={id("days")}
            type="number"
            inputMode="numeric"
            min={1}
            max={QUOTE_DAYS_MAX}
            step={1}
            value={item.days ?? ""}
            onChange={(event) => change(daysChange(item, numberOrNull(event.target.value)))}
            {...invalid("days")}
          />
          {message("days")}
        </div>
        <div className={styles.field}>
          <label htmlFor={id("endDate")}>{texts.endDate}</label>
          <input
            id={id("endDate")}
            type="date"
            min={startDate ?? today}
            max={lastDayOf(startDate ?? lastStart, QUOTE_DAYS_MAX)}
            value={chosenDay(item.endDate) ?? ""}
            onChange={(event) => change(endChange(item, dayOrNull(event.target.value)))}
            {...invalid("endDate")}
          />
          {message("endDate")}
        </div>
      </div>
      <MachineAvailability
        texts={texts}
        product={machine.id}
        today={today}
        first={startDate}
        last={chosenDay(item.endDate) ?? startDate}
      />
      <div className={styles.itemFoot}>
        <div className={styles.units}>
          <label htmlFor={id("units")}>{texts.units}</label>
          <input
            id={id("units")}
            type="number"
            inputMode="numeric"
            min={1}
            max={machine.maxUnits}
            step={1}
            value={item.units ?? ""}
            onChange={(event) => change({ units: numberOrNull(event.target.value) })}
            {...invalid("units")}
          />
        </div>
        <label className={styles.operator}>
          <input
            id={id("operator")}
            type="checkbox"
            checked={item.operator}
            onChange={(event) => change({ operator: event.target.checked })}
            {...invalid("operator")}
          />
          {texts.operator}
        </label>
        <button
          type="button"
          className={styles.remove}
          aria-label={fillPlaceholders(texts.removeNamed, { model: machine.model })}
          onClick={() => {
            removeFromQuoteList([machine.id]);
            document.getElementById(TITLE_ID)?.focus();
          }}
        >
          {t("quoteList.remove")}
        </button>
      </div>
      {message("units")}
      {message("operator")}
    </fieldset>
  );
}

/**
 * The machine's booked days in the next weeks, and a warning when the days chosen take one of them:
 * the request still goes, the company may have an answer. Nothing while the site hides availability.
 */
function MachineAvailability({
  texts,
  product,
  today,
  first,
  last,
}: {
  texts: ContactTexts["list"];
  product: string;
  today: string;
  first: string | null;
  last: string | null;
}) {
  const lang = usePageLanguage();
  const days = useMachineAvailability(product, today, last);
  if (!days) return null;
  const runs = bookedRuns(days.slice(0, CALENDAR_DAYS));
  const busy = first !== null && last !== null && bookedWithin(days, first, last);
  return (
    <div aria-live="polite">
      <p className={styles.booked}>
        {runs.length > 0
          ? fillPlaceholders(texts.booked, { days: runs.map((run) => periodText(run, lang)).join(", ") })
          : texts.noneBooked}
      </p>
      {busy ? <p className={styles.notice}>{texts.busy}</p> : null}
    </div>
  );
}

const dayFormats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/** "7 dec. – 11 dec." / "7 Dec – 11 Dec": days as calendar dates (UTC midnights, so no time zone's data is loaded). */
function periodText({ first, last }: { first: string; last: string }, lang: Locale): string {
  const format = (dayFormats[lang] ??= new Intl.DateTimeFormat(lang === "ro" ? "ro-RO" : "en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }));
  const shown = (day: string) => format.format(new Date(`${day}T00:00:00Z`));
  return first === last ? shown(first) : `${shown(first)} – ${shown(last)}`;
}
