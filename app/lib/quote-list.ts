import { QUOTE_LIST_MAX, isDayCount, isUnitCount } from "../../common/leads/quote-limits.ts";
import { UUID_PATTERN } from "../../common/fields/field-rules.ts";
import type { QuoteMachine } from "../../common/leads/quote-list-schema.ts";

/**
 * The visitor's quote list as the browser keeps it: the machines (with what the list shows of them,
 * in both languages, so a reload or a change of language needs no server) and, per machine, the
 * wished start day, how long (days, or an end day), how many units, and whether an operator comes
 * with it. Plain functions over plain arrays, without zod: this module is on every public page.
 */

/**
 * A machine of the list. Its most units is known once the contact page has asked the catalogue
 * (GET /api/contact/machines); a machine added from a page, or stored before, has none until then.
 */
export type ListedMachine = Omit<QuoteMachine, "maxUnits"> & { maxUnits?: number };

export interface QuoteListItem {
  machine: ListedMachine;
  /** 'YYYY-MM-DD', a day in Romania; null: not decided yet. Read from storage as any text (see itemsPayload). */
  startDate: string | null;
  days: number | null;
  /** The last day, kept as the visitor typed it; with a start it agrees with `days`. */
  endDate: string | null;
  operator: boolean;
  /**
   * How many of the machine; null while the visitor has emptied the field (sent as none: one). A list
   * stored before units could be chosen reads as one of each.
   */
  units: number | null;
}

export type QuoteList = readonly QuoteListItem[];

/** What adding a machine came to: added, already there, or refused because the list is full. */
export type AddOutcome = "added" | "present" | "full";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
/**
 * Checked as a real day where the list is edited and sent (/contact), so the day arithmetic stays
 * off the other pages.
 */
const isText = (value: unknown): value is string => typeof value === "string";

/** Control characters: a browser drops tab, CR and LF from a URL, so "/\t/evil.example" would open another host. */
const hasControl = (value: string) => [...value].some((character) => character <= "\u001f" || character === "\u007f");

/**
 * A page of this site ('/categorie/…'), as the browser's own URL parser resolves it, or "": a stored
 * link never leads elsewhere, whatever was written in the storage (`//host`, `\\host`, `/\t/host`).
 * Outside a browser (no location) nothing is taken.
 */
function sitePath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || hasControl(value) || typeof location === "undefined")
    return "";
  try {
    return new URL(value, location.origin).origin === location.origin ? value : "";
  } catch {
    return "";
  }
}

/**
 * The longest stored text read: QUOTE_LIST_MAX machines with long names in both languages. A longer
 * one was not written by this site; it is dropped unparsed, so a poisoned store costs no page time.
 */
export const QUOTE_LIST_STORED_MAX_CHARS = 64 * 1024;

/** A machine as the list keeps it, from what was stored or what the server answered; null when it cannot be read. */
export function readMachine(value: unknown): ListedMachine | null {
  if (
    !isRecord(value) ||
    typeof value.id !== "string" ||
    !UUID_PATTERN.test(value.id) ||
    typeof value.model !== "string"
  )
    return null;
  const { category } = value;
  const names =
    isRecord(category) && typeof category.name === "string"
      ? { name: category.name, name_en: typeof category.name_en === "string" ? category.name_en : "" }
      : null;
  const machine: ListedMachine = { id: value.id, model: value.model, category: names, path: sitePath(value.path) };
  if (isUnitCount(value.maxUnits)) machine.maxUnits = value.maxUnits;
  return machine;
}

function itemOf(value: unknown): QuoteListItem | null {
  const machine = isRecord(value) ? readMachine(value.machine) : null;
  if (!isRecord(value) || !machine) return null;
  return {
    machine,
    startDate: isText(value.startDate) ? value.startDate : null,
    days: isDayCount(value.days) ? value.days : null,
    endDate: isText(value.endDate) ? value.endDate : null,
    operator: value.operator === true,
    units: isUnitCount(value.units) ? value.units : 1,
  };
}

/**
 * The list from its stored text, read defensively (any script of the origin, or a hand edit, may
 * have written it): a text over QUOTE_LIST_STORED_MAX_CHARS, or one that is not a list of machines
 * (another version, a truncated write), reads as empty; the list is cut to its first QUOTE_LIST_MAX
 * entries before anything else, and of those a machine that cannot be read is left out and a
 * repeated one kept once. The work is bounded whatever was stored.
 */
export function parseQuoteList(stored: string | null): QuoteList {
  if (stored === null || stored.length > QUOTE_LIST_STORED_MAX_CHARS) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const items: QuoteListItem[] = [];
  const seen = new Set<string>();
  for (const entry of value.slice(0, QUOTE_LIST_MAX)) {
    const item = itemOf(entry);
    if (item && !seen.has(item.machine.id)) {
      seen.add(item.machine.id);
      items.push(item);
    }
  }
  return items;
}

export function hasMachine(list: QuoteList, id: string): boolean {
  return list.some((item) => item.machine.id === id);
}

/** The list with `machine` added: at the end, or first (the machine a 'CERETI OFERTA' link opened the form for). */
export function withMachine(
  list: QuoteList,
  machine: ListedMachine,
  place: "last" | "first" = "last",
): { list: QuoteList; outcome: AddOutcome } {
  if (hasMachine(list, machine.id)) return { list, outcome: "present" };
  if (list.length >= QUOTE_LIST_MAX) return { list, outcome: "full" };
  const item: QuoteListItem = { machine, startDate: null, days: null, endDate: null, operator: false, units: 1 };
  return { list: place === "first" ? [item, ...list] : [...list, item], outcome: "added" };
}

export function withoutMachines(list: QuoteList, ids: readonly string[]): QuoteList {
  return list.filter((item) => !ids.includes(item.machine.id));
}

/** The list with one machine's wishes changed. */
export function withItem(list: QuoteList, id: string, change: Partial<Omit<QuoteListItem, "machine">>): QuoteList {
  return list.map((item) => (item.machine.id === id ? { ...item, ...change } : item));
}

/**
 * The list brought up to date with the catalogue's answer for the machines `asked` about: their
 * names and pages as they are now, and those the answer left out removed (no longer in the offer).
 * A machine added after the question was asked stays as it is.
 */
export function withCatalogue(
  list: QuoteList,
  asked: readonly string[],
  machines: readonly ListedMachine[],
): { list: QuoteList; gone: ListedMachine[] } {
  const current = new Map(machines.map((machine) => [machine.id, machine]));
  const gone = list
    .filter((item) => asked.includes(item.machine.id) && !current.has(item.machine.id))
    .map((item) => item.machine);
  const kept = list
    .filter((item) => !gone.includes(item.machine))
    .map((item) => {
      const now = current.get(item.machine.id);
      return now ? { ...item, machine: now } : item;
    });
  return { list: kept, gone };
}
