import { isFreeFilterKey } from "../../common/specifications/filter-address.ts";
import { comparableName } from "../../common/specifications/specification-input.ts";

/**
 * The keys that name a specification or an option in a filter address (decision 057): made from its
 * Romanian name once, in plain ASCII (no diacritics, lower case, hyphens), unique among its siblings
 * with a suffix (-2, -3…), and kept when the name changes, so shared addresses keep working. A
 * specification's key is also a parameter name (or two), kept apart from every other parameter of
 * its category's page (isFreeFilterKey); an option's is only a value.
 */

function baseKey(name: string): string {
  return (
    comparableName(name)
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "x"
  );
}

/** The first of `base`, `base-2`, `base-3`… that `free` accepts, added to `taken`. */
function firstFree(base: string, taken: Set<string>, free: (key: string) => boolean): string {
  let key = base;
  for (let suffix = 2; !free(key); suffix += 1) key = `${base}-${suffix}`;
  taken.add(key);
  return key;
}

/** A new specification key for `name`, beside the category's `taken` keys (which it joins). */
export function newSpecificationKey(name: string, taken: Set<string>): string {
  return firstFree(baseKey(name), taken, (key) => isFreeFilterKey(key, taken));
}

/** A new option key for `name`, not among its specification's `taken` keys (which it joins). */
export function newOptionKey(name: string, taken: Set<string>): string {
  return firstFree(baseKey(name), taken, (key) => !taken.has(key));
}
