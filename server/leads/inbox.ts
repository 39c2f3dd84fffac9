import {
  LEAD_DEFAULT_PAGE_SIZE,
  LEAD_STATUSES,
  type LeadCounts,
  type LeadDelivery,
  type LeadItemView,
  type LeadStatus,
} from "../../common/leads/lead-schemas.ts";
import type {
  LeadWithOfferFilter,
  LeadWithOfferListQuery,
  LeadWithOfferPage,
  LeadWithOfferView,
} from "../../common/offers/lead-offers.ts";
import {
  countLeadsByStatus,
  deleteLead,
  findLead,
  listLeads,
  setLeadStatus,
  type LeadRowFilter,
  type LeadWithMail,
} from "../db/repositories/leads.ts";
import { conflictedOffersOf } from "../db/repositories/offer-answers.ts";
import { itemsOfLeads, type LeadItemWithProduct } from "../db/repositories/lead-items.ts";
import { endDateOf } from "../../common/leads/quote-days.ts";
import { addDays, startOfRomanianDay } from "../../common/days/romanian-day.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { renameActivityItem } from "../db/repositories/activity-log.ts";
import { eraseOfferCustomers } from "./offer-erasure.ts";
import { leadName } from "./lead-name.ts";
import { productPathOf } from "../catalogue/product-path.ts";
import { HttpError } from "../core/errors.ts";
import { removeEmlFiles } from "../mail/delivery.ts";
import type { LeadServices } from "./services.ts";

/**
 * The leads inbox ('Cereri oferta'): contact requests as the administrator reads, moves along
 * and erases them. The API routes (server/api/leads.ts) only validate and call these.
 */

/**
 * What became of the request's e-mail; a message no longer in the outbox was sent and then pruned
 * (unsent ones are kept).
 */
function deliveryOf(row: LeadWithMail): LeadDelivery | null {
  if (row.mail_id === null) return null;
  if (row.mail_found === null)
    return { state: "sent", attempts: null, sentAt: null, nextAttemptAt: null, lastError: null };
  const sent = row.mail_sent_at !== null;
  return {
    state: sent ? "sent" : row.mail_last_error !== null ? "failing" : "pending",
    attempts: row.mail_attempts,
    sentAt: row.mail_sent_at,
    nextAttemptAt: sent ? null : row.mail_next_attempt_at,
    lastError: sent ? null : row.mail_last_error,
  };
}

function itemView(row: LeadItemWithProduct): LeadItemView {
  return {
    productId: row.product_id,
    model: row.product_model,
    categoryId: row.category_id,
    category: row.category_name,
    startDate: row.start_date,
    days: row.days,
    endDate: endDateOf(row.start_date, row.days),
    operator: row.with_operator === 1,
    units: row.units,
    publicPath: row.current_slug === null ? null : productPathOf(row.current_category_slug, row.current_slug),
  };
}

/** The requests as the inbox shows them, each with its quote list. */
export async function leadViews(services: LeadServices, rows: readonly LeadWithMail[]): Promise<LeadWithOfferView[]> {
  const ids = rows.map((row) => row.id);
  const [items, conflicts] = await Promise.all([itemsOfLeads(services.db, ids), conflictedOffersOf(services.db, ids)]);
  return rows.map((row) => leadView(row, (items.get(row.id) ?? []).map(itemView), conflicts.get(row.id)));
}

function leadView(
  row: LeadWithMail,
  items: LeadItemView[],
  conflict?: { id: string; number: string },
): LeadWithOfferView {
  return {
    id: row.id,
    createdAt: row.created_at,
    status: row.status,
    lastName: row.last_name,
    firstName: row.first_name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    categories: row.categories,
    message: row.message,
    lang: row.lang,
    productId: row.product_id,
    productModel: row.product_model,
    verified: row.verified === 1,
    delivery: deliveryOf(row),
    items,
    offerState: row.offer_state,
    offerConflict: conflict ? { uuid: conflict.id, number: conflict.number } : null,
  };
}

export async function leadPage(services: LeadServices, query: LeadWithOfferListQuery): Promise<LeadWithOfferPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? LEAD_DEFAULT_PAGE_SIZE;
  const { rows, total } = await listLeads(services.db, filterOf(query), {
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return { items: await leadViews(services, rows), total, page, pageSize };
}

/** The filter as the repository applies it: received days become the instants they start and end at in Romania. */
export function filterOf(query: LeadWithOfferFilter): LeadRowFilter {
  return {
    q: query.q,
    status: query.status,
    product: query.product,
    category: query.category,
    startFrom: query.startFrom,
    startTo: query.startTo,
    offer: query.offer,
    receivedFrom: query.receivedFrom === undefined ? undefined : startOfRomanianDay(query.receivedFrom).toISOString(),
    receivedUntil:
      query.receivedTo === undefined ? undefined : startOfRomanianDay(addDays(query.receivedTo, 1)).toISOString(),
  };
}

export async function leadCounts(services: LeadServices): Promise<LeadCounts> {
  const counts = await countLeadsByStatus(services.db);
  return Object.fromEntries(LEAD_STATUSES.map((status) => [status, counts.get(status) ?? 0])) as LeadCounts;
}

export async function leadById(services: LeadServices, id: string): Promise<LeadWithOfferView> {
  const row = await findLead(services.db, id);
  if (!row) throw new HttpError(404, "ERROR_GET_CONTACT_REQUEST");
  const [items, conflicts] = await Promise.all([
    itemsOfLeads(services.db, [id]),
    conflictedOffersOf(services.db, [id]),
  ]);
  return leadView(row, (items.get(id) ?? []).map(itemView), conflicts.get(id));
}

export async function changeLeadStatus(
  services: LeadServices,
  actor: Actor,
  id: string,
  status: LeadStatus,
): Promise<LeadWithOfferView> {
  await services.db.transaction().execute(async (trx) => {
    const changed = await setLeadStatus(trx, id, status);
    if (!changed) throw new HttpError(404, "ERROR_UPDATE_CONTACT_REQUEST");
    await logActivity(trx, actor, {
      action: "status_change",
      kind: "lead",
      itemId: id,
      itemName: leadName(changed.createdAt),
      summary: `Stare: ${changed.before} -> ${status}`,
    });
  });
  return leadById(services, id);
}

const ERASED_SUMMARY = "Cererea si e-mailul ei sterse (dreptul la stergere)";

/**
 * A person's right to erasure: in one transaction, the request, the e-mail that reported it, and the
 * customer's data in the offers written for it with the e-mails that carried or answered them
 * (offer-erasure.ts); then those messages' .eml copies under DATA_DIR/outbox. A message
 * that is being delivered at this very moment is discarded by the sender once it finds its row gone
 * (server/mail/sender.ts); one an SMTP server already took is in a mailbox, out of the site's reach.
 */
export async function eraseLead(services: LeadServices, actor: Actor, id: string, requestId: string): Promise<void> {
  const now = new Date().toISOString();
  const erased = await services.db.transaction().execute(async (trx) => {
    const offers = await eraseOfferCustomers(trx, services.dialect, id, now);
    const gone = await deleteLead(trx, id);
    if (!gone) return undefined;
    const name = leadName(gone.createdAt);
    // Entries written before the Jurnal named requests by their day only.
    await renameActivityItem(trx, "lead", id, name);
    const { versions } = offers;
    await logActivity(trx, actor, {
      action: "erase",
      kind: "lead",
      itemId: id,
      itemName: name,
      summary:
        versions === 0
          ? ERASED_SUMMARY
          : `${ERASED_SUMMARY}; datele clientului sterse din ofertele ei (${versions === 1 ? "1 versiune" : `${versions} versiuni`})`,
    });
    return [...(gone.mailId === null ? [] : [gone.mailId]), ...offers.mailIds];
  });
  if (!erased) throw new HttpError(404, "ERROR_DELETE_CONTACT_REQUEST");
  await removeEmlFiles(services.config.DATA_DIR, erased);
  services.logger.info({ requestId, contactRequestId: id }, "contact request erased");
}
