import type { Kysely } from "kysely";
import type { BookingRow, Database } from "../schema.ts";
import type { OfferRow } from "./offers.ts";

/** The customer's answer to a sent offer (decision 097): the version its link opens, and the answer's proof. */

/** The version whose link hashes to `linkHash`: one query on the unique index, whether it exists or not. */
export function offerByLinkHash(db: Kysely<Database>, linkHash: string): Promise<OfferRow | undefined> {
  return db.selectFrom("offers").selectAll().where("link_hash", "=", linkHash).executeTakeFirst();
}

export interface AnswerProof {
  answered_at: string;
  answer_name: string;
  answer_reason: string;
  answer_address: string;
  answer_user_agent: string;
  answer_content_hash: string;
}

/**
 * Records the answer while the offer is still sent: the check and the write in one statement, so of
 * two answers at once (on any instance) only one moves it. False when another came first.
 */
export async function recordAnswer(
  db: Kysely<Database>,
  id: string,
  state: "acceptata" | "refuzata",
  proof: AnswerProof,
): Promise<boolean> {
  const result = await db
    .updateTable("offers")
    .set({ state, updated_at: proof.answered_at, ...proof })
    .where("id", "=", id)
    .where("state", "=", "trimisa")
    // An offer whose customer was erased meanwhile has no link any more, and takes no answer.
    .where("link_hash", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** An accepted offer whose machines could not all be confirmed: the office calls the customer. */
export async function markBookingConflict(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable("offers").set({ booking_conflict: 1 }).where("id", "=", id).execute();
}

/** The bookings still holding the offer's machines tentatively. */
export function tentativeHoldsOf(db: Kysely<Database>, offerId: string): Promise<BookingRow[]> {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("offer_id", "=", offerId)
    .where("state", "=", "tentativ")
    .orderBy("first_day")
    .orderBy("id")
    .execute();
}

/** Of these requests, the accepted offers whose machines could not be confirmed: the inbox shows them. */
export async function conflictedOffersOf(
  db: Kysely<Database>,
  leadIds: readonly string[],
): Promise<Map<string, { id: string; number: string }>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("offers")
    .select(["id", "number", "lead_id"])
    .where("lead_id", "in", [...leadIds])
    .where("state", "=", "acceptata")
    .where("booking_conflict", "=", 1)
    .execute();
  return new Map(
    rows.flatMap((row) => (row.lead_id === null ? [] : [[row.lead_id, { id: row.id, number: row.number }]])),
  );
}
