import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import type { OfferRow } from "./offers.ts";

/** The offers' rows as sending and the expiry sweep read and move them (decision 096). */

/**
 * The draft becomes sent with its link's hash, only while it is still the draft that was drawn (its
 * `updated_at` unchanged): false when another call sent, cancelled or saved it first.
 */
export async function markOfferSent(
  db: Kysely<Database>,
  id: string,
  drawnAt: string,
  sent: { sent_at: string; link_hash: string },
): Promise<boolean> {
  const result = await db
    .updateTable("offers")
    .set({ state: "trimisa", sent_at: sent.sent_at, link_hash: sent.link_hash, updated_at: sent.sent_at })
    .where("id", "=", id)
    .where("state", "=", "ciorna")
    .where("updated_at", "=", drawnAt)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The versions of this number still sent (waiting for an answer), but this one. */
export function otherSentVersions(
  db: Kysely<Database>,
  offer: Pick<OfferRow, "id" | "year" | "sequence">,
): Promise<Pick<OfferRow, "id" | "offer_version">[]> {
  return db
    .selectFrom("offers")
    .select(["id", "offer_version"])
    .where("year", "=", offer.year)
    .where("sequence", "=", offer.sequence)
    .where("state", "=", "trimisa")
    .where("id", "!=", offer.id)
    .execute();
}

/** Sent versions whose last valid day is before `today` (Romania's): the expiry sweep's work. */
export function outlivedSentOffers(
  db: Kysely<Database>,
  today: string,
): Promise<Pick<OfferRow, "id" | "number" | "offer_version" | "customer_name" | "valid_until">[]> {
  return db
    .selectFrom("offers")
    .select(["id", "number", "offer_version", "customer_name", "valid_until"])
    .where("state", "=", "trimisa")
    .where("valid_until", "<", today)
    .orderBy("valid_until")
    .execute();
}
