import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

/** The bookings that hold an offer version's machines (decision 096). */

/**
 * Its bookings still waiting for an answer (tentativ) become cancelled (anulat): they take no units any
 * more. One conditional update, so two releases at once (a sweep on each instance) cancel each once.
 * Returns the machines whose bookings changed.
 */
export async function cancelTentativeOfOffer(db: Kysely<Database>, offerId: string, now: string): Promise<string[]> {
  const rows = await db
    .updateTable("bookings")
    .set((eb) => ({ state: "anulat", overbooked: 0, updated_at: now, version: eb("version", "+", 1) }))
    .where("offer_id", "=", offerId)
    .where("state", "=", "tentativ")
    .returning("product_id")
    .execute();
  return [...new Set(rows.map((row) => row.product_id))];
}

/** The bookings that hold (or held) these offers' machines, whatever their state. */
export async function bookingIdsOfOffers(db: Kysely<Database>, offerIds: readonly string[]): Promise<string[]> {
  if (offerIds.length === 0) return [];
  const rows = await db.selectFrom("bookings").select("id").where("offer_id", "in", offerIds).execute();
  return rows.map((row) => row.id);
}
