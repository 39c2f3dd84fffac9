import { comparableName } from "./specification-input.ts";
import type { SpecificationValue, SpecificationValues, SpecificationView } from "./specification-schema.ts";

/**
 * A machine's values moved from one category's specifications to another's: what the server stores
 * when a machine changes category without new values, and what the product form shows and warns
 * about before it saves. One rule, here.
 */

/**
 * Two definitions hold the same figure: the same Romanian name (any case, with or without
 * diacritics), kind and unit.
 */
function sameFigure(a: SpecificationView, b: SpecificationView): boolean {
  return a.kind === b.kind && a.unit === b.unit && comparableName(a.name) === comparableName(b.name);
}

/**
 * Each value goes to the specification of the same figure; a choice's option goes to the option of
 * the same name. What finds no place is `dropped` (the old specifications, in their order).
 */
export function carryValues(
  from: readonly SpecificationView[],
  to: readonly SpecificationView[],
  values: SpecificationValues,
): { carried: SpecificationValues; dropped: SpecificationView[] } {
  const carried: SpecificationValues = {};
  const dropped: SpecificationView[] = [];
  for (const source of from) {
    const value = values[source.uuid];
    if (value === undefined) continue;
    const target = to.find((candidate) => sameFigure(source, candidate));
    const moved = target ? carriedValue(source, target, value) : undefined;
    if (target && moved !== undefined) carried[target.uuid] = moved;
    else dropped.push(source);
  }
  return { carried, dropped };
}

function carriedValue(
  source: SpecificationView,
  target: SpecificationView,
  value: SpecificationValue,
): SpecificationValue | undefined {
  if (source.uuid === target.uuid || source.kind !== "choice") return value;
  const option = source.options.find((candidate) => candidate.uuid === value);
  return (
    option && target.options.find((candidate) => comparableName(candidate.name) === comparableName(option.name))?.uuid
  );
}
