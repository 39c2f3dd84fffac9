import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, LeadItemTable } from "../schema.ts";

type LeadItemRow = Selectable<LeadItemTable>;

/** A machine of a quote list with what the catalogue has of it now (null columns: deleted since). */
export type LeadItemWithProduct = LeadItemRow & {
  current_slug: string | null;
  current_category_slug: string | null;
  current_category_id: string | null;
  /** The machine's fleet now. */
  current_units: number | null;
};

export async function insertLeadItems(db: Kysely<Database>, rows: readonly Insertable<LeadItemTable>[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto("contact_request_items")
      .values([...rows])
      .execute();
}

/** Ids per query: well under both databases' bound on bound parameters. */
const IDS_PER_QUERY = 500;

/** The quote lists of these requests, each in the visitor's order. */
export async function itemsOfLeads(
  db: Kysely<Database>,
  requestIds: readonly string[],
): Promise<Map<string, LeadItemWithProduct[]>> {
  const byLead = new Map<string, LeadItemWithProduct[]>();
  for (let start = 0; start < requestIds.length; start += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom("contact_request_items")
      .leftJoin("products", "products.id", "contact_request_items.product_id")
      .leftJoin("categories", "categories.id", "products.category_id")
      .selectAll("contact_request_items")
      .select([
        "products.slug as current_slug",
        "categories.slug as current_category_slug",
        "products.category_id as current_category_id",
        "products.units as current_units",
      ])
      .where("contact_request_items.request_id", "in", requestIds.slice(start, start + IDS_PER_QUERY))
      .orderBy("contact_request_items.request_id")
      .orderBy("contact_request_items.position")
      .execute();
    for (const row of rows) {
      const list = byLead.get(row.request_id);
      if (list) list.push(row);
      else byLead.set(row.request_id, [row]);
    }
  }
  return byLead;
}
