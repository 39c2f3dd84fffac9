import type { Kysely } from "kysely";
import { findOffer, linesOf } from "../../server/db/repositories/offers.ts";
import type { Database } from "../../server/db/schema.ts";
import { placeOfferHolds } from "../../server/offers/offer-holds.ts";
import { newOfferLink } from "../../server/offers/offer-link.ts";

/**
 * A draft made sent as the sending does it (decision 096): state trimisa, its link's hash, and its
 * machines held tentatively by offer-holds; the token (what the customer's e-mail carries) returned.
 */
export async function markOfferSent(db: Kysely<Database>, offerId: string): Promise<string> {
  const { token, hash } = newOfferLink();
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("offers")
      .set({ state: "trimisa", sent_at: now, link_hash: hash })
      .where("id", "=", offerId)
      .execute();
    const row = await findOffer(trx, offerId);
    if (!row) throw new Error(`No offer ${offerId}`);
    await placeOfferHolds(trx, row, await linesOf(trx, offerId), now);
  });
  return token;
}
