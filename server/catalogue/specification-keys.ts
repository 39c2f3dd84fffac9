import { comparableName } from "../../common/specifications/specification-input.ts";

/**
 * The key that names a specification or an option in a filter address (decision 057): made from its
 * Romanian name once, in plain ASCII (no diacritics, lower case, hyphens), unique among its siblings
 * with a suffix (-2, -3…), and kept when the name changes, so shared addresses keep working.
 */

/** Query names of a category page that are not a specification's. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(["sort"]);

function baseKey(name: string): string {
  return (
    comparableName(name)
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "x"
  );
}

/** A new key for `name`, not among `taken` (which it joins). */
export function newKey(name: string, taken: Set<string>): string {
  const base = baseKey(name);
  let key = base;
  for (let suffix = 2; taken.has(key) || RESERVED_KEYS.has(key); suffix += 1) key = `${base}-${suffix}`;
  taken.add(key);
  return key;
}
