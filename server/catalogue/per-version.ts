import type { CatalogueVersionCache } from "./catalogue-version-cache.ts";

/**
 * `read` once per catalogue version (the database's counter, bumped by every write): what every page
 * or public reply needs of the catalogue (the configuration, the categories, the banners) is read once
 * and shared by every request of that version, instead of queried again by each (decision 054). What
 * it gives is shared: callers copy, never change it. A read that fails is not kept.
 */
export function perVersion<T>(
  catalogueVersion: Pick<CatalogueVersionCache, "current">,
  read: () => Promise<T>,
): () => Promise<T> {
  let held: { version: number; value: Promise<T> } | undefined;
  return async () => {
    const version = await catalogueVersion.current();
    if (held?.version !== version) {
      const value = read();
      const kept = { version, value };
      held = kept;
      value.catch(() => {
        if (held === kept) held = undefined;
      });
    }
    return held.value;
  };
}
