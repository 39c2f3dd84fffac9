import type { SpecificationValues, SpecificationView } from "./specification-schema.ts";
import type { Filters, NumberRange } from "./filter-address.ts";

/**
 * Which machines a category page's filters leave and in what order, from the filters its address
 * asks for (filter-address.ts) and each machine's values by key. Pure: the browser runs it on the
 * category page, and so does the server rendering that page.
 */

/** A machine's values by specification key: a number, a choice's option key, yes/no. */
export type FilterValues = Readonly<Record<string, number | string | boolean>>;

/** A machine's values by key, for the filters: a choice's option uuid becomes the option's key; texts are left out. */
export function filterValuesOf(
  specifications: readonly SpecificationView[],
  values: SpecificationValues,
): FilterValues {
  const byKey: Record<string, number | string | boolean> = {};
  for (const specification of specifications) {
    const value = values[specification.uuid];
    if (value === undefined) continue;
    if (specification.kind === "choice") {
      const option = specification.options.find((candidate) => candidate.uuid === value);
      if (option) byKey[specification.key] = option.key;
    } else if (
      (specification.kind === "number" && typeof value === "number") ||
      (specification.kind === "yes_no" && typeof value === "boolean")
    ) {
      byKey[specification.key] = value;
    }
  }
  return byKey;
}

function passes(values: FilterValues, filters: Filters): boolean {
  for (const [key, { min, max }] of Object.entries(filters.ranges)) {
    const value = values[key];
    if (typeof value !== "number" || (min !== null && value < min) || (max !== null && value > max)) return false;
  }
  for (const [key, asked] of Object.entries(filters.choices)) {
    const value = values[key];
    if (typeof value !== "string" || !asked.includes(value)) return false;
  }
  for (const [key, wanted] of Object.entries(filters.yesNo)) {
    if (values[key] !== wanted) return false;
  }
  return true;
}

/**
 * The machines the filters leave, in the asked order: by the sort's number (machines without it
 * last), otherwise, and among equals, in the category's own order. A machine without a value for a
 * filtered specification is left out: nothing says it fits.
 */
export function applyFilters<T extends { values: FilterValues }>(machines: readonly T[], filters: Filters): T[] {
  const kept = machines.filter((machine) => passes(machine.values, filters));
  const { sort } = filters;
  if (sort === null) return kept;
  const direction = sort.descending ? -1 : 1;
  // Array.prototype.sort is stable: equals keep the category's order.
  return kept.sort((a, b) => {
    const x = a.values[sort.key];
    const y = b.values[sort.key];
    if (typeof x !== "number") return typeof y === "number" ? 1 : 0;
    if (typeof y !== "number") return -1;
    return (x - y) * direction;
  });
}

/** The smallest and largest value of a number specification among the machines, or null when none has one. */
export function valueBounds(machines: readonly { values: FilterValues }[], key: string): NumberRange | null {
  let min = Infinity;
  let max = -Infinity;
  for (const { values } of machines) {
    const value = values[key];
    if (typeof value !== "number") continue;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return min === Infinity ? null : { min, max };
}
