import type { Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { forgetEntriesOfUnknownAuthors, renameActivityItem } from "../db/repositories/activity-log.ts";
import { deleteMailsOfOffers } from "../db/repositories/mail-outbox.ts";
import { bookingIdsOfOffers } from "../db/repositories/offer-bookings.ts";
import { forgetOfferCustomers, offersOfLead } from "../db/repositories/offers.ts";
import { CUSTOMER_PREFIX, ERASED_CUSTOMER_NAME, offerEntryName } from "../activity/offer-entry-names.ts";

/**
 * Erases the customer of the offers written for request `leadId`, every version (decision 100), in the
 * caller's transaction, which must run before the request's row goes (that unlinks its offers): the
 * customer's data in the offers, the messages that carried or answered them, and their name and
 * address in the Jurnal's entries of the offers, of the bookings they held and of the request. The
 * offers' numbers, lines, totals and states stay: the demand overview and the planner still count
 * them. Returns how many offer versions were erased and the ids of the messages deleted, whose .eml
 * copies the caller removes once committed.
 */
export async function eraseOfferCustomers(
  trx: Transaction<Database>,
  leadId: string,
  now: string,
): Promise<{ offers: number; mailIds: string[] }> {
  const offers = await offersOfLead(trx, leadId);
  if (offers.length === 0) return { offers: 0, mailIds: [] };
  const ids = offers.map((offer) => offer.id);
  await forgetOfferCustomers(trx, ids, ERASED_CUSTOMER_NAME, now);
  const mailIds = await deleteMailsOfOffers(trx, ids);
  for (const offer of offers)
    await renameActivityItem(trx, "offer", offer.id, offerEntryName({ ...offer, customer_name: ERASED_CUSTOMER_NAME }));
  const answered = [...ids, ...(await bookingIdsOfOffers(trx, ids)), leadId];
  await forgetEntriesOfUnknownAuthors(trx, answered, CUSTOMER_PREFIX, ERASED_CUSTOMER_NAME);
  return { offers: offers.length, mailIds };
}
