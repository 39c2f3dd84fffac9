import type { Transaction } from "kysely";
import type { Dialect } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { forgetEntriesOfUnknownAuthors, renameActivityItem } from "../db/repositories/activity-log.ts";
import { deleteMailsOfOffers } from "../db/repositories/mail-outbox.ts";
import { bookingIdsOfOffers } from "../db/repositories/offer-bookings.ts";
import { lockLead } from "../db/repositories/leads.ts";
import { forgetOfferCustomers, offersOfLead } from "../db/repositories/offers.ts";
import { CUSTOMER_PREFIX, ERASED_CUSTOMER_NAME, offerEntryName } from "../activity/offer-entry-names.ts";

/**
 * Erases the customer of the offers written for request `leadId`, every version (decision 100), in the
 * caller's transaction, which must run before the request's row goes (that unlinks its offers): the
 * customer's data in the offers, the messages that carried or answered them, and their name and
 * address in the Jurnal's entries of the offers, of the bookings they held and of the request. The
 * offers' numbers, lines, totals and states stay: the demand overview and the planner still count
 * them. On PostgreSQL it holds the offers and the request until the transaction ends. Returns how
 * many offer versions were erased and the ids of the messages deleted, whose .eml copies the caller
 * removes once committed.
 */
export async function eraseOfferCustomers(
  trx: Transaction<Database>,
  dialect: Dialect,
  leadId: string,
  now: string,
): Promise<{ versions: number; mailIds: string[] }> {
  const postgres = dialect === "postgres";
  // In the order every write of an offer takes them, its row before its request's (a send marks the
  // request contacted, an answer finishes it): the offers known now, the request, whose hold waits for
  // an offer being written for it, then the offers again, that one included.
  await offersOfLead(trx, leadId, postgres);
  await lockLead(trx, dialect, leadId);
  const offers = await offersOfLead(trx, leadId, postgres);
  if (offers.length === 0) return { versions: 0, mailIds: [] };
  const ids = offers.map((offer) => offer.id);
  await forgetOfferCustomers(trx, ids, ERASED_CUSTOMER_NAME, now);
  const mailIds = await deleteMailsOfOffers(trx, ids);
  for (const offer of offers)
    await renameActivityItem(trx, "offer", offer.id, offerEntryName({ ...offer, customer_name: ERASED_CUSTOMER_NAME }));
  const answered = [...ids, ...(await bookingIdsOfOffers(trx, ids)), leadId];
  await forgetEntriesOfUnknownAuthors(trx, answered, CUSTOMER_PREFIX, ERASED_CUSTOMER_NAME);
  return { versions: offers.length, mailIds };
}
