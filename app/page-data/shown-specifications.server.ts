import type { Locale } from "../../common/language/language.ts";
import type { ShownText } from "../../common/language/english-fallback.ts";
import { filterSpecifications } from "../../common/specifications/filter-address.ts";
import type { FilterField } from "../../common/specifications/filter-field.ts";
import { valueBounds, type FilterValues } from "../../common/specifications/filter-match.ts";
import { formatNumber, formatSpecificationValue, specificationName } from "../../common/specifications/format.ts";
import type { SpecificationValues, SpecificationView } from "../../common/specifications/specification-schema.ts";
import { UNITS } from "../../common/specifications/units.ts";

/**
 * A machine's specifications as a page in one language shows them: names and values written on the
 * server (common/specifications/format.ts), so no page carries the formatting code or both languages.
 */

/** One specification of a machine: its name and its value, each in the page's language or marked Romanian. */
export interface ShownFigure {
  key: string;
  name: ShownText;
  value: ShownText;
}

/** The machine's values in the category's order; a specification without a value (or a stale one) is left out. */
export function shownFigures(
  definitions: readonly SpecificationView[],
  values: SpecificationValues,
  language: Locale,
): ShownFigure[] {
  return figureWriter(definitions, language)(values);
}

/** What writes the figures a category's cards show, for every card of a page. */
export function cardFigureWriter(
  definitions: readonly SpecificationView[],
  language: Locale,
): (values: SpecificationValues) => ShownFigure[] {
  return figureWriter(
    definitions.filter((definition) => definition.on_card),
    language,
  );
}

/**
 * Each specification's name is written once, and machines with the same value share one figure: the
 * route data writes an object it meets again as a reference, so a list of 200 cards carries each name
 * (and each repeated value) once instead of 200 times.
 */
function figureWriter(
  definitions: readonly SpecificationView[],
  language: Locale,
): (values: SpecificationValues) => ShownFigure[] {
  const named = definitions.map((definition) => ({
    definition,
    name: specificationName(definition, language),
    written: new Map<string, ShownFigure>(),
  }));
  return (values) => {
    const figures: ShownFigure[] = [];
    for (const { definition, name, written } of named) {
      const value = values[definition.uuid];
      const shown = value === undefined ? null : formatSpecificationValue(definition, value, language);
      if (!shown) continue;
      const seen = `${shown.lang}:${shown.text}`;
      let figure = written.get(seen);
      if (!figure) written.set(seen, (figure = { key: definition.key, name, value: shown }));
      figures.push(figure);
    }
    return figures;
  };
}

/**
 * The category's filters with what their form needs: names, units, options, and each number's bounds
 * from the machines' values. A number filter no machine has a value for is not offered.
 */
export function filterFields(
  definitions: readonly SpecificationView[],
  machines: readonly { values: FilterValues }[],
  language: Locale,
): FilterField[] {
  const fields: FilterField[] = [];
  for (const offered of filterSpecifications(definitions)) {
    const definition = definitions.find((each) => each.key === offered.key);
    if (!definition) continue;
    const range = offered.kind === "number" ? valueBounds(machines, offered.key) : null;
    if (offered.kind === "number" && range === null) continue;
    fields.push({
      ...offered,
      name: specificationName(definition, language),
      unit: definition.unit === null ? "" : UNITS[definition.unit][language],
      optionNames: definition.options.map((option) => specificationName(option, language)),
      bounds:
        range && range.min !== null && range.max !== null
          ? {
              min: range.min,
              max: range.max,
              text: { min: formatNumber(range.min, language), max: formatNumber(range.max, language) },
            }
          : null,
    });
  }
  return fields;
}

/** One row of the compare page: a specification, each machine's value (null: none), and whether they differ. */
export interface ComparedRow {
  key: string;
  name: ShownText;
  values: (ShownText | null)[];
  differs: boolean;
}

/**
 * The compare page's rows: every specification of the machines' categories, in the order first met
 * (the union where the categories differ). Specifications of two categories are one row when they
 * are the same figure: the same kind, unit and Romanian name. A row differs when its values are not
 * all the same, a missing value counting as a value of its own.
 */
export function comparedRows(
  machines: readonly { definitions: readonly SpecificationView[]; values: SpecificationValues }[],
  language: Locale,
): ComparedRow[] {
  const rows = new Map<string, ComparedRow>();
  machines.forEach(({ definitions, values }, column) => {
    for (const definition of definitions) {
      const identity = `${definition.kind}|${definition.unit ?? ""}|${definition.name.trim().toLocaleLowerCase("ro-RO")}`;
      let row = rows.get(identity);
      if (!row) {
        row = {
          key: definition.uuid,
          name: specificationName(definition, language),
          values: machines.map(() => null),
          differs: false,
        };
        rows.set(identity, row);
      }
      const value = values[definition.uuid];
      row.values[column] ??= value === undefined ? null : formatSpecificationValue(definition, value, language);
    }
  });
  const kept = [...rows.values()].filter((row) => row.values.some((value) => value !== null));
  for (const row of kept) row.differs = new Set(row.values.map((value) => value?.text ?? null)).size > 1;
  return kept;
}
