import { LANGUAGE_PARAMETER } from "../language/language.ts";
import type { SpecificationView } from "./specification-schema.ts";

/**
 * A category page's filters and sort, read from its address (decision 058). The address is
 * language-neutral and what a plain GET form writes: a number `<key>-min=3.5` / `<key>-max=6000`
 * (either side may be left out), a choice `<key>=<optionKey>` repeated (any of them), yes/no
 * `<key>=1|0`, the order `sort=<key>` (ascending) or `sort=-<key>` (descending), the machines free on
 * every day of a range `liber-de=YYYY-MM-DD&liber-pana=YYYY-MM-DD` (one of them: that day). Anything else, an
 * empty field or a malformed value is ignored: a filter address is never an error. Pure, without
 * zod: the browser runs it on the category page, and so does the server rendering that page.
 */

export const SORT_PARAMETER = "sort";
/**
 * The order by the day rate (`sort=pret`, `sort=-pret`), offered while the site shows prices (decision
 * 093): a key no specification may take (isFreeFilterKey).
 */
export const PRICE_SORT_KEY = "pret";
const MIN_SUFFIX = "-min";
const MAX_SUFFIX = "-max";

/** The "free between" range's first and last day (Romanian days), whatever the page's language. */
export const FREE_FROM_PARAMETER = "liber-de";
export const FREE_UNTIL_PARAMETER = "liber-pana";

/** The parameters a category page reads besides its specifications' filters: the order, the free range, the language. */
const PAGE_PARAMETERS: ReadonlySet<string> = new Set([
  SORT_PARAMETER,
  LANGUAGE_PARAMETER,
  FREE_FROM_PARAMETER,
  FREE_UNTIL_PARAMETER,
]);

/**
 * Whether `key` may name a specification beside the category's `taken` keys so that no two of the
 * page's parameters are one: a number filters by its key with -min and -max, every other kind by its
 * key, and a specification may change kind keeping its key. So no key ends in either suffix, nor is
 * one of the page's own parameters; then a number's two can meet no other key.
 */
export function isFreeFilterKey(key: string, taken: ReadonlySet<string>): boolean {
  return (
    !taken.has(key) &&
    !PAGE_PARAMETERS.has(key) &&
    key !== PRICE_SORT_KEY &&
    !key.endsWith(MIN_SUFFIX) &&
    !key.endsWith(MAX_SUFFIX)
  );
}

/**
 * A specification a category page filters on, as its machines' values name it: by key, options by key;
 * an "order" is a number the list may only be ordered by (the day rate).
 */
export interface FilterSpecification {
  key: string;
  kind: "number" | "choice" | "yes_no" | "order";
  /** A choice's option keys; empty for the other kinds. */
  options: readonly string[];
}

export interface NumberRange {
  min: number | null;
  max: number | null;
}

export interface Filters {
  ranges: Readonly<Record<string, NumberRange>>;
  /** Per choice, the option keys asked for: a machine with any of them passes. */
  choices: Readonly<Record<string, readonly string[]>>;
  yesNo: Readonly<Record<string, boolean>>;
  sort: { key: string; descending: boolean } | null;
  /** The machines with a unit free on every one of these days (both included). */
  free: DayRange | null;
}

export interface DayRange {
  first: string;
  last: string;
}

export const NO_FILTERS: Filters = { ranges: {}, choices: {}, yesNo: {}, sort: null, free: null };

/** The category's specifications offered as filters (a text is not one). */
export function filterSpecifications(specifications: readonly SpecificationView[]): FilterSpecification[] {
  const offered: FilterSpecification[] = [];
  for (const { key, kind, options, filter } of specifications) {
    if (filter && kind !== "text") offered.push({ key, kind, options: options.map((option) => option.key) });
  }
  return offered;
}

/** A decimal as a form field holds it: a point, or the comma a Romanian visitor types. */
const DECIMAL = /^-?\d{1,10}(?:[.,]\d{1,10})?$/;
/**
 * A number with its thousands grouped as the pages write them ("22.500" in Romanian, "22,500" in
 * English, or a space), then perhaps decimals after the other mark ("22.500,5"). A single mark
 * followed by three digits is taken for grouping: a visitor copying the page's "5.540 kg" means
 * thousands, and a decimal is typed with one or two digits ("3,5", "6.72").
 */
const GROUPED = /^(-?[1-9]\d{0,2}([., \u00a0])\d{3}(?:\2\d{3})*)(?:([.,])(\d{1,10}))?$/;

/** A number filter's end as typed or read from the address; null for anything that is not a number. */
export function parseFilterNumber(text: string): number | null {
  const trimmed = text.trim();
  const grouped = GROUPED.exec(trimmed);
  if (grouped) {
    const [, whole, separator, decimalMark, decimals] = grouped;
    // "1.000.5" has no reading: the decimals follow the mark that does not group.
    if (decimalMark === separator) return null;
    return Number(whole.replaceAll(separator, "") + (decimals ? `.${decimals}` : ""));
  }
  return DECIMAL.test(trimmed) ? Number(trimmed.replace(",", ".")) : null;
}

/**
 * The filters an address asks for, of those the category offers; the rest of the address is ignored.
 * The free range is the bookings' to read (common/bookings/free-range.ts): none here.
 */
export function parseFilters(search: URLSearchParams, offered: readonly FilterSpecification[]): Filters {
  const ranges: Record<string, NumberRange> = {};
  const choices: Record<string, string[]> = {};
  const yesNo: Record<string, boolean> = {};
  for (const { key, kind, options } of offered) {
    if (kind === "number") {
      const min = parseFilterNumber(search.get(`${key}${MIN_SUFFIX}`) ?? "");
      const max = parseFilterNumber(search.get(`${key}${MAX_SUFFIX}`) ?? "");
      if (min !== null || max !== null) ranges[key] = { min, max };
    } else if (kind === "order") {
      continue;
    } else if (kind === "choice") {
      const asked = options.filter((option) => search.getAll(key).includes(option));
      if (asked.length > 0) choices[key] = asked;
    } else {
      const value = search.get(key);
      if (value === "1" || value === "0") yesNo[key] = value === "1";
    }
  }
  return {
    ranges,
    choices,
    yesNo,
    sort: parseSort(search.get(SORT_PARAMETER), offered),
    free: null,
  };
}

/** Whether the list may be ordered by this specification: a number, or an order alone. */
export const isOrder = ({ kind }: Pick<FilterSpecification, "kind">) => kind === "number" || kind === "order";

function parseSort(value: string | null, offered: readonly FilterSpecification[]): Filters["sort"] {
  if (!value) return null;
  const descending = value.startsWith("-");
  const key = descending ? value.slice(1) : value;
  return offered.some((specification) => isOrder(specification) && specification.key === key)
    ? { key, descending }
    : null;
}

/** Whether the address filters or orders the list (such a page is not one for search engines). */
export function isFiltered(filters: Filters): boolean {
  return (
    Object.keys(filters.ranges).length + Object.keys(filters.choices).length + Object.keys(filters.yesNo).length > 0 ||
    filters.sort !== null ||
    filters.free !== null
  );
}

/**
 * The address's parameter names a category page reads: two per number filter, one per choice and
 * yes/no, the sort and the free range. Only these make a filtered page; any other parameter leaves the
 * page as it is.
 */
export function filterParameterNames(offered: readonly FilterSpecification[]): Set<string> {
  const names = new Set<string>();
  for (const { key, kind } of offered) {
    if (kind === "number") names.add(`${key}${MIN_SUFFIX}`).add(`${key}${MAX_SUFFIX}`);
    else if (kind !== "order") names.add(key);
  }
  if (offered.some(isOrder)) names.add(SORT_PARAMETER);
  return names.add(FREE_FROM_PARAMETER).add(FREE_UNTIL_PARAMETER);
}
