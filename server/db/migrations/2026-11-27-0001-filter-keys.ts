import type { Kysely } from "kysely";

/**
 * A specification's key names its category page's filter parameters (decision 057), and until now
 * a key could be another's parameter: a choice "Greutate min" keyed `greutate-min`, the "from" of a
 * number keyed `greutate`. New keys keep apart (isFreeFilterKey); stored ones that could meet a
 * parameter (ending in -min or -max, or `sort` and `lang`) take the first free `-2`, `-3`… of their
 * category. An address naming such a filter then filters nothing, as any parameter a page does not
 * know: it was one the page could not read for sure. Frozen in time like every migration: the rule
 * as it was written here, not imported from the application.
 */
const free = (key: string, taken: ReadonlySet<string>): boolean =>
  !taken.has(key) && key !== "sort" && key !== "lang" && !key.endsWith("-min") && !key.endsWith("-max");

export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await db
    .selectFrom("specifications")
    .select(["id", "category_id", "key"])
    .orderBy("category_id")
    .orderBy("position")
    .execute()) as { id: string; category_id: string; key: string }[];
  const keysByCategory = new Map<string, Set<string>>();
  for (const { category_id, key } of rows) {
    keysByCategory.set(category_id, (keysByCategory.get(category_id) ?? new Set<string>()).add(key));
  }
  for (const { id, category_id, key } of rows) {
    const taken = keysByCategory.get(category_id) ?? new Set<string>();
    taken.delete(key);
    let kept = key;
    for (let suffix = 2; !free(kept, taken); suffix += 1) kept = `${key}-${suffix}`;
    taken.add(kept);
    if (kept !== key) await db.updateTable("specifications").set({ key: kept }).where("id", "=", id).execute();
  }
}

/** The keys stay as they were made: the old ones no longer name anything. */
export async function down(): Promise<void> {}
