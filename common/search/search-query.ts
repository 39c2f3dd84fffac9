import { foldForSearch } from "../text/search-folding.ts";
import { UNITS, type UnitKey } from "../specifications/units.ts";

/**
 * How the site's search reads what a visitor typed (decision 060): folded as every search of the
 * site is (case and diacritics ignored), cut into words, figures with a unit ("20 m", "5t", "1,5 t")
 * taken apart from the words and compared with the machines' typed specifications.
 */

/** Suggestions shown under the box as the visitor types. */
export const SUGGESTIONS_MAX = 8;
/** Machines a results page lists, at most. */
export const RESULTS_MAX = 48;
/** A word of this many letters or more may have one typo (one letter changed, added or removed). */
export const TYPO_MIN_LENGTH = 5;

/**
 * What the visitor typed, as the search and the log of searches without results keep it: folded,
 * one space between words.
 */
export function normalizedQuery(query: string): string {
  return foldForSearch(query)
    .replace(/[^\p{L}\p{N}.,/²³ -]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of a text as the index and the queries cut it: letters and digits, folded. */
export function searchWords(text: string): string[] {
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

/**
 * Whether a UTF-16 code unit may be part of a word before folding: any but ASCII's separators
 * (folding leaves those alone).
 */
function mayBeInWord(code: number): boolean {
  const lower = code | 0x20;
  return code >= 0x80 || (code >= 0x30 && code <= 0x39) || (lower >= 0x61 && lower <= 0x7a);
}

/**
 * searchWords for many texts, each distinct word folded once: an index's build reads the same
 * words (a catalogue's offer lines, in two languages) hundreds of thousands of times. The text is
 * cut at ASCII's separators first, which folding does not change; each piece is then read by
 * searchWords, so the words are the same.
 */
export function createWordReader(): (text: string) => string[] {
  const folded = new Map<string, string[]>();
  return (text) => {
    const words: string[] = [];
    let start = 0;
    for (let at = 0; at <= text.length; at++) {
      if (at < text.length && mayBeInWord(text.charCodeAt(at))) continue;
      if (at > start) {
        const raw = text.slice(start, at);
        let pieces = folded.get(raw);
        if (pieces === undefined) {
          pieces = searchWords(raw);
          folded.set(raw, pieces);
        }
        for (const word of pieces) words.push(word);
      }
      start = at + 1;
    }
    return words;
  };
}

/** The kinds of quantity whose units convert into each other; a figure is compared in its kind's base unit. */
type Dimension = "mass" | "length" | "other";

/** A unit's factor to its dimension's base unit (kg, m); units that convert to no other are their own base. */
const CONVERSIONS: Partial<Record<UnitKey, { dimension: Dimension; factor: number }>> = {
  kg: { dimension: "mass", factor: 1 },
  t: { dimension: "mass", factor: 1000 },
  mm: { dimension: "length", factor: 0.001 },
  cm: { dimension: "length", factor: 0.01 },
  m: { dimension: "length", factor: 1 },
};

/** A figure in comparable terms: the dimension (or the unit's own key) and the value in its base unit. */
export interface Quantity {
  measure: string;
  value: number;
}

export function quantityOf(value: number, unit: UnitKey): Quantity {
  const conversion = CONVERSIONS[unit];
  return conversion ? { measure: conversion.dimension, value: value * conversion.factor } : { measure: unit, value };
}

/** How visitors write each unit, folded: both languages' spellings, plus the common words ("tone", "metri"). */
const UNIT_SPELLINGS: ReadonlyMap<string, UnitKey> = new Map([
  ...(Object.entries(UNITS) as [UnitKey, (typeof UNITS)[UnitKey]][]).flatMap(([key, unit]) => [
    [foldForSearch(unit.ro).replace(/²/g, "2").replace(/³/g, "3"), key] as const,
    [foldForSearch(unit.en).replace(/²/g, "2").replace(/³/g, "3"), key] as const,
  ]),
  ["tone", "t"],
  ["tona", "t"],
  ["tons", "t"],
  ["metri", "m"],
  ["metru", "m"],
  ["meters", "m"],
  ["metres", "m"],
  ["litri", "l"],
  ["kmh", "kmh"],
  ["cai", "hp"],
]);

/**
 * A figure typed with its unit is matched by a value within this share of it: visitors type round
 * figures ("5 t" is a 5.5 t excavator, "20 m" a 21.8 m lift).
 */
export const FIGURE_TOLERANCE = 0.15;

export interface ParsedQuery {
  /** The words to look for, folded. */
  words: string[];
  /** Figures with a unit, each of which a machine must have (within FIGURE_TOLERANCE). */
  figures: Quantity[];
}

const FIGURE = /(?<![\p{L}\p{N}.,])(\d+(?:[.,]\d+)?)\s*(\p{L}+[23]?(?:\/\p{L}+)?)(?![\p{L}\p{N}])/gu;

/** A query's words and figures: "nacela 20 m" is the word "nacela" and 20 metres. */
export function parseQuery(query: string): ParsedQuery {
  const folded = foldForSearch(query).replace(/²/g, "2").replace(/³/g, "3");
  const figures: Quantity[] = [];
  const rest = folded.replace(FIGURE, (whole, number: string, unitText: string) => {
    const unit = UNIT_SPELLINGS.get(unitText);
    if (unit === undefined) return whole;
    figures.push(quantityOf(Number(number.replace(",", ".")), unit));
    return " ";
  });
  return { words: searchWords(rest), figures };
}

/** Whether a machine's figure is the one asked for. */
export function figureMatches(asked: Quantity, value: Quantity): boolean {
  return asked.measure === value.measure && Math.abs(value.value - asked.value) <= asked.value * FIGURE_TOLERANCE;
}
