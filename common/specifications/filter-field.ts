import type { ShownText } from "../language/english-fallback.ts";
import type { FilterSpecification } from "./filter-address.ts";

/** One filter of a category page, as its form shows it in the page's language. */
export interface FilterField extends FilterSpecification {
  name: ShownText;
  /** A number's unit as the page's language writes it ("" for a plain count). */
  unit: string;
  options: readonly string[];
  /** A choice's options' names, by option key, in the filter's order. */
  optionNames: readonly ShownText[];
  /**
   * A number's smallest and largest value among the category's machines, as a form field takes them
   * (`min`, `max`: a decimal point, no grouping) and as the page's language writes them (`text`).
   */
  bounds: { min: number; max: number; text: { min: string; max: string } } | null;
}
