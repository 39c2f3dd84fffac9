import type { Kysely } from "kysely";
import { toSlug } from "../../common/text/slug.ts";
import { findTrashedProduct } from "../db/repositories/trash.ts";
import type { Database } from "../db/schema.ts";

/**
 * The machine a page address names in the trash (by slugs, or names as addresses may spell them):
 * its page answers 410 with its model and category while it is there.
 */
export async function trashedProductAt(
  db: Kysely<Database>,
  category: string,
  model: string,
): Promise<{ model: string; categorySlug: string | null } | undefined> {
  const entry = await findTrashedProduct(db, toSlug(category), toSlug(model));
  return entry && { model: entry.item_name, categorySlug: entry.category_slug };
}
