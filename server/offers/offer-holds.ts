import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { insertBooking } from "../db/repositories/bookings.ts";
import { cancelTentativeOfOffer } from "../db/repositories/offer-bookings.ts";
import type { OfferLineRow, OfferRow } from "../db/repositories/offers.ts";
import type { Database } from "../db/schema.ts";

/**
 * A sent offer holds its machines (decision 096): one tentative booking per machine line, from its
 * first to its last day, until the customer answers or the offer expires, is cancelled or replaced.
 * A tentative booking is no promise (decision 070): it may stand over a fleet already confirmed to
 * others, it shows in the planner and the bookings list, and the next request for those days gets
 * its warning. Both functions run inside the caller's writeAndRenewPages transaction, so the pages
 * that show availability are renewed when it commits.
 */

type Trx = Transaction<Database>;

/** The note of an offer's hold: the office reads which offer holds the machine. */
export const holdNote = (offer: Pick<OfferRow, "number" | "offer_version">) =>
  `Ofertă ${offer.number} v${offer.offer_version}`;

export async function placeOfferHolds(
  trx: Trx,
  offer: Pick<OfferRow, "id" | "number" | "offer_version" | "lead_id">,
  lines: readonly OfferLineRow[],
  now: string,
): Promise<void> {
  for (const line of lines) {
    if (line.kind !== "machine" || line.product_id === null || line.first_day === null || line.last_day === null)
      continue;
    await insertBooking(trx, {
      id: randomUUID(),
      product_id: line.product_id,
      units: line.units,
      first_day: line.first_day,
      last_day: line.last_day,
      state: "tentativ",
      overbooked: 0,
      note: holdNote(offer),
      lead_id: offer.lead_id,
      offer_id: offer.id,
      created_at: now,
      updated_at: now,
    });
  }
}

/** The offer's bookings still tentative are cancelled; a confirmed one (an accepted offer's) stays. */
export async function releaseOfferHolds(trx: Trx, offerId: string, now: string): Promise<void> {
  await cancelTentativeOfOffer(trx, offerId, now);
}
