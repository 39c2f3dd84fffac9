import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { LANGUAGE_PARAMETER } from "../../../common/language/language.ts";
import {
  FREE_FROM_PARAMETER,
  FREE_UNTIL_PARAMETER,
  SORT_PARAMETER,
  isFiltered,
  isOrder,
  parseFilterNumber,
  type Filters,
} from "../../../common/specifications/filter-address.ts";
import { readFreeRange } from "../../../common/bookings/free-range.ts";
import type { FilterField } from "../../../common/specifications/filter-field.ts";
import { Shown } from "../shown.tsx";
import type { FilterHistory } from "./filter-history.ts";
import type { FilterTexts } from "./filter-texts.ts";
import type { Locale } from "../../../common/language/language.ts";
import { useNamedLanguage, usePageLanguage } from "../../i18n/use-language.ts";
import { fillPlaceholders } from "../../i18n/translate.ts";
import buttons from "../../styles/buttons.module.css";
import styles from "./category-filters.module.css";

/**
 * A category page's filters and order (decision 058): a plain GET form to the page itself, so
 * without JavaScript the server renders the filtered list from the address; with it, each change
 * is shown at once and written to the address (`address`, see filter-address.ts: the page's data
 * already holds every machine of the category, and the route does not load again, see its
 * shouldRevalidate). Typing in one number field replaces its history entry; every other change adds
 * one, so the back button steps through the choices (a press of the apply button that changes
 * nothing adds none).
 */
export function CategoryFilters({
  fields,
  filters,
  path,
  texts,
  today,
  address,
}: {
  fields: readonly FilterField[];
  filters: Filters;
  path: string;
  texts: FilterTexts;
  /** The page's day while the site shows availability (the free range offered), else null. */
  today: string | null;
  address: Pick<FilterHistory, "generation" | "write">;
}) {
  const namedLanguage = useNamedLanguage();
  /** The text field the last change came from: typing on in it replaces its history entry. */
  const lastField = useRef<string | null>(null);
  // Opened by the server when the address filters; the visitor opens and closes it after that.
  const [open] = useState(() => isFiltered(filters));
  // The orders offered: the numbers, and the day rate while prices are shown (an order, not a filter).
  const numbers = fields.filter(isOrder);

  function apply(form: HTMLFormElement, field: string | null) {
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "") next.append(name, value.trim());
    }
    const replace = field !== null && field === lastField.current;
    lastField.current = field;
    address.write(next.size > 0 ? `?${next}` : "", replace);
  }

  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const target = event.target as unknown as HTMLInputElement;
    apply(event.currentTarget, target.type === "text" ? target.name : null);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget, null);
  };

  return (
    <details className={styles.filters} open={open}>
      <summary>{texts.filters}</summary>
      <form key={address.generation} method="get" action={path} onChange={onChange} onSubmit={onSubmit}>
        {namedLanguage ? <input type="hidden" name={LANGUAGE_PARAMETER} value={namedLanguage} /> : null}
        {fields.map((field) =>
          field.kind === "order" ? null : (
            <fieldset key={field.key}>
              <legend>
                <Shown text={field.name} />
                {field.unit ? ` (${field.unit})` : null}
              </legend>
              {field.kind === "number" ? (
                <NumberRange field={field} filters={filters} texts={texts} />
              ) : field.kind === "choice" ? (
                field.options.map((option, index) => (
                  <label key={option}>
                    <input
                      type="checkbox"
                      name={field.key}
                      value={option}
                      defaultChecked={filters.choices[field.key]?.includes(option)}
                    />
                    {field.optionNames[index] ? <Shown text={field.optionNames[index]} /> : option}
                  </label>
                ))
              ) : (
                (["", "1", "0"] as const).map((value) => (
                  <label key={value}>
                    <input
                      type="radio"
                      name={field.key}
                      value={value}
                      defaultChecked={
                        (filters.yesNo[field.key] === undefined ? "" : filters.yesNo[field.key] ? "1" : "0") === value
                      }
                    />
                    {value === "" ? texts.any : value === "1" ? texts.yes : texts.no}
                  </label>
                ))
              )}
            </fieldset>
          ),
        )}
        {today !== null ? <FreeRange today={today} texts={texts} /> : null}
        {numbers.length > 0 ? (
          <label>
            {texts.sort}
            <select
              name={SORT_PARAMETER}
              defaultValue={filters.sort ? `${filters.sort.descending ? "-" : ""}${filters.sort.key}` : ""}
            >
              <option value="">{texts.ourOrder}</option>
              {numbers.flatMap((field) => [
                <option key={field.key} value={field.key}>
                  {fillPlaceholders(texts.ascending, { name: field.name.text })}
                </option>,
                <option key={`-${field.key}`} value={`-${field.key}`}>
                  {fillPlaceholders(texts.descending, { name: field.name.text })}
                </option>,
              ])}
            </select>
          </label>
        ) : null}
        <div>
          <button type="submit" className={buttons.secondary}>
            {texts.apply}
          </button>
          <Link to={namedLanguage ? `${path}?${LANGUAGE_PARAMETER}=${namedLanguage}` : path} preventScrollReset>
            {texts.reset}
          </Link>
        </div>
      </form>
    </details>
  );
}

/** A number filter's two ends, each optional, with the category's smallest and largest value as the hint. */
function NumberRange({ field, filters, texts }: { field: FilterField; filters: Filters; texts: FilterTexts }) {
  const range = filters.ranges[field.key];
  const hint = `${field.key}-bounds`;
  const language = usePageLanguage();
  const inField = (value: number | null | undefined) =>
    value === null || value === undefined ? undefined : fieldNumber(value, language);
  // What is wrong with the two ends as typed: said beside them, since the list cannot say it. An
  // address whose 'from' is above its 'to' (a shared link) says it from the first render, without JavaScript too.
  const [problem, setProblem] = useState(() => rangeProblem(texts, range?.min ?? null, range?.max ?? null));
  const problemId = `${field.key}-problem`;
  const onInput = (event: FormEvent<HTMLSpanElement>) => {
    const [min, max] = [...event.currentTarget.querySelectorAll("input")].map((input) => input.value.trim());
    const [low, high] = [parseFilterNumber(min), parseFilterNumber(max)];
    setProblem(rangeProblem(texts, low, high, { min: min !== "" && low === null, max: max !== "" && high === null }));
  };
  const describedBy = problem ? `${problemId} ${hint}` : hint;
  return (
    <>
      <span className={styles.range} onInput={onInput}>
        <label>
          {texts.from}
          <input
            type="text"
            inputMode="decimal"
            name={`${field.key}-min`}
            defaultValue={inField(range?.min) ?? ""}
            placeholder={inField(field.bounds?.min)}
            aria-describedby={describedBy}
            aria-invalid={problem?.min || undefined}
            size={7}
          />
        </label>
        <label>
          {texts.to}
          <input
            type="text"
            inputMode="decimal"
            name={`${field.key}-max`}
            defaultValue={inField(range?.max) ?? ""}
            placeholder={inField(field.bounds?.max)}
            aria-describedby={describedBy}
            aria-invalid={problem?.max || undefined}
            size={7}
          />
        </label>
      </span>
      {problem ? (
        <span id={problemId} className={styles.problem}>
          {problem.message}
        </span>
      ) : null}
      {field.bounds ? (
        <span id={hint} className={styles.hint}>
          {fillPlaceholders(texts.between, field.bounds.text)}
          {field.unit ? ` ${field.unit}` : null}
        </span>
      ) : null}
    </>
  );
}

/**
 * The "free between" range: two days (the browser's date picker; without one, a text read as
 * YYYY-MM-DD). Its fields start from the address as it is, so that what is wrong with a range a
 * shared link carries is said beside it from the first render, without JavaScript too.
 */
function FreeRange({ today, texts }: { today: string; texts: FilterTexts }) {
  const { search } = useLocation();
  const [asked] = useState(() => {
    const address = new URLSearchParams(search);
    return { from: address.get(FREE_FROM_PARAMETER) ?? "", until: address.get(FREE_UNTIL_PARAMETER) ?? "" };
  });
  const [problem, setProblem] = useState(() => readFreeRange(asked.from, asked.until, today).problem);
  const onInput = (event: FormEvent<HTMLSpanElement>) => {
    const [from = "", until = ""] = [...event.currentTarget.querySelectorAll("input")].map((input) => input.value);
    setProblem(readFreeRange(from, until, today).problem);
  };
  const describedBy = problem ? "free-problem free-hint" : "free-hint";
  const field = (name: string, label: string, value: string) => (
    <label>
      {label}
      <input
        type="date"
        name={name}
        defaultValue={value}
        min={today}
        aria-describedby={describedBy}
        aria-invalid={problem !== null || undefined}
      />
    </label>
  );
  return (
    <fieldset>
      <legend>{texts.free}</legend>
      <span className={styles.range} onInput={onInput}>
        {field(FREE_FROM_PARAMETER, texts.freeFrom, asked.from)}
        {field(FREE_UNTIL_PARAMETER, texts.freeUntil, asked.until)}
      </span>
      {problem ? (
        <span id="free-problem" className={styles.problem}>
          {texts[problem]}
        </span>
      ) : null}
      <span id="free-hint" className={styles.hint}>
        {texts.freeHint}
      </span>
    </fieldset>
  );
}

/**
 * What is wrong with a range's two ends, each null when empty or not read (`unreadable`: typed, yet
 * not a number), and which ends it concerns; null when nothing is.
 */
function rangeProblem(
  texts: FilterTexts,
  low: number | null,
  high: number | null,
  unreadable = { min: false, max: false },
) {
  if (unreadable.min || unreadable.max) return { ...unreadable, message: texts.notANumber };
  if (low !== null && high !== null && low > high) return { min: true, max: true, message: texts.fromAboveTo };
  return null;
}

/**
 * A number as the page's field shows it: the language's decimal mark, no grouping (the hint beside it
 * groups, "între 5.540 și 22.500"; a field's "5540" cannot be read two ways).
 */
function fieldNumber(value: number, language: Locale): string {
  return language === "ro" ? String(value).replace(".", ",") : String(value);
}
