import { sql, type Transaction } from "kysely";
import type { OfferAcceptInput, OfferLinkView, OfferRefuseInput } from "../../common/offers/offer-link-schemas.ts";
import { offerSettingsOf } from "../../common/schemas/offer-settings.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { customerEntryName, offerEntryName } from "../activity/offer-entry-names.ts";
import { overbookedDays } from "../bookings/overbooking.ts";
import { HttpError } from "../core/errors.ts";
import { fleetsOf, updateBooking } from "../db/repositories/bookings.ts";
import { listConfiguration } from "../db/repositories/configuration.ts";
import { setLeadStatus } from "../db/repositories/leads.ts";
import { enqueueMail } from "../db/repositories/mail-outbox.ts";
import type { Mailer } from "../mail/sender.ts";
import { markBookingConflict, recordAnswer, tentativeHoldsOf } from "../db/repositories/offer-answers.ts";
import type { BookingRow, Database } from "../db/schema.ts";
import { leadName } from "../leads/lead-name.ts";
import { officeRecipients } from "../leads/store-request.ts";
import { writeAndRenewPages, type BackOfficeWriter } from "../writes/write-and-renew-pages.ts";
import { acceptanceMail, officeAnswerMail, type AnsweredOffer } from "./offer-answer-mails.ts";
import { releaseOfferHolds } from "./offer-holds.ts";
import { offerOfLink, readLink, type LinkRead } from "./offer-link-reads.ts";
import type { OfferServices } from "./services.ts";

/**
 * The customer's answer to a sent offer (decision 097), from its page's forms and from the API alike.
 * Each runs in one writeAndRenewPages transaction, whose first statement makes it the only catalogue
 * writer on the database: the offer's state moves from trimisa by a conditional update (of two answers
 * at once, on any instance, one moves it; the other reads the answer given), with its proof; an
 * acceptance confirms the offer's holds unless a unit was confirmed to someone else meanwhile (then
 * none: the holds stay tentative and the offer is marked in conflict), a refusal releases them; the
 * request is finalizat, the Jurnal names the customer, and the e-mails are queued, all in the same
 * commit. An answer the offer already has is given back as it is, nothing written twice.
 */

export interface OfferAnswerServices extends OfferServices, BackOfficeWriter {
  config: { PUBLIC_URL: string; ADMIN_EMAIL: string };
  mail: Mailer;
}

/** Who answered: the client address the rate limits see, and the browser's User-Agent. */
export interface Answerer {
  address: string;
  userAgent: string;
}

/** A User-Agent is kept this long at most: it is proof, not a place to store a body. */
export const USER_AGENT_MAX_LENGTH = 500;

type Trx = Transaction<Database>;
type Kind = "accepted" | "refused";

const STATE_OF: Record<Kind, "acceptata" | "refuzata"> = { accepted: "acceptata", refused: "refuzata" };

/**
 * The same answer again is the answer given (a double click, a reload); the other one is refused.
 * Null while the offer can still be answered.
 */
function answeredAlready(read: LinkRead, kind: Kind): OfferLinkView | null {
  if (read.closed) throw new HttpError(410, read.closed);
  if (read.view.status === "open") return null;
  if (read.view.status === kind) return read.view;
  throw new HttpError(409, "OFFER_ALREADY_ANSWERED");
}

/** The actor of the customer's steps: no account, their address, their name as typed. */
function customerActor(answerer: Answerer): Actor {
  return { userId: null, address: answerer.address };
}

/**
 * Confirms the holds in place, one by one so a later hold of the same machine counts the earlier
 * ones; none when one would take a unit confirmed to someone else (the savepoint undoes the ones
 * already confirmed: nothing half-done, no version moved).
 */
async function confirmHolds(trx: Trx, holds: readonly BookingRow[], now: string): Promise<boolean> {
  const fleets = await fleetsOf(
    trx,
    holds.map((hold) => hold.product_id),
  );
  await sql`savepoint offer_holds`.execute(trx);
  for (const hold of holds) {
    const conflicts = await overbookedDays(trx, {
      id: hold.id,
      productId: hold.product_id,
      fleet: fleets.get(hold.product_id) ?? 0,
      units: hold.units,
      firstDay: hold.first_day,
      lastDay: hold.last_day,
    });
    if (conflicts.length > 0) {
      await sql`rollback to savepoint offer_holds`.execute(trx);
      return false;
    }
    await updateBooking(trx, hold.id, { state: "confirmat", updated_at: now });
  }
  await sql`release savepoint offer_holds`.execute(trx);
  return true;
}

async function answer(
  services: OfferAnswerServices,
  token: string,
  kind: Kind,
  input: OfferAcceptInput | OfferRefuseInput,
  answerer: Answerer,
): Promise<OfferLinkView> {
  // Read first: a replay, a closed link or an unknown token writes nothing (and takes no write lock).
  const before = await readLink(services.db, await offerOfLink(services.db, token), token);
  const given = answeredAlready(before, kind);
  if (given) return given;
  const now = new Date();
  const at = now.toISOString();
  const name = "name" in input ? input.name : "";
  const reason = "reason" in input ? input.reason : "";
  const outcome = await writeAndRenewPages(services, async (trx) => {
    const read = await readLink(trx, await offerOfLink(trx, token), token);
    const again = answeredAlready(read, kind);
    if (again) return { view: again, mails: false };
    if (input.content_hash !== undefined && input.content_hash !== read.view.content_hash)
      throw new HttpError(409, "OFFER_CONTENT_CHANGED");
    const { row, offer } = read;
    const moved = await recordAnswer(trx, row.id, STATE_OF[kind], {
      answered_at: at,
      answer_name: name,
      answer_reason: reason,
      answer_address: answerer.address,
      answer_user_agent: answerer.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
      answer_content_hash: read.view.content_hash,
    });
    if (!moved) {
      // Only on PostgreSQL can another answer, or the erasure of the customer, have come between the
      // read and the update; the link read again is gone after an erasure (404).
      await readLink(trx, await offerOfLink(trx, token), token);
      throw new HttpError(409, "OFFER_ALREADY_ANSWERED");
    }
    const actor = customerActor(answerer);
    // An acceptance is signed with the name typed; a refusal names the offer's customer.
    const who = customerEntryName(kind === "accepted" ? name : row.customer_name);
    const label = offerEntryName(row);
    let conflict = false;
    if (kind === "accepted") {
      const holds = await tentativeHoldsOf(trx, row.id);
      conflict = !(await confirmHolds(trx, holds, at));
      if (conflict) await markBookingConflict(trx, row.id);
      await logActivity(trx, actor, {
        action: "status_change",
        kind: "offer",
        itemId: row.id,
        itemName: label,
        summary: conflict
          ? "Oferta acceptata de client; CONFLICT: un utilaj a fost confirmat altcuiva, rezervarile raman tentative"
          : `Oferta acceptata de client; ${holds.length} rezervari confirmate`,
        userName: who,
      });
      if (!conflict)
        for (const hold of holds)
          await logActivity(trx, actor, {
            action: "update",
            kind: "booking",
            itemId: hold.id,
            itemName: `${hold.first_day} – ${hold.last_day}, x${hold.units}`,
            summary: `Rezervare confirmata prin acceptarea ofertei ${row.number}`,
            userName: who,
          });
    } else {
      await releaseOfferHolds(trx, row.id, at);
      await logActivity(trx, actor, {
        action: "status_change",
        kind: "offer",
        itemId: row.id,
        itemName: label,
        summary: "Oferta refuzata de client; rezervarile tentative eliberate",
        userName: who,
      });
    }
    const finished = row.lead_id === null ? undefined : await setLeadStatus(trx, row.lead_id, "finalizat");
    if (finished)
      await logActivity(trx, actor, {
        action: "status_change",
        kind: "lead",
        itemId: row.lead_id,
        itemName: leadName(finished.createdAt),
        summary: `Cerere finalizata: oferta ${row.number} ${kind === "accepted" ? "acceptata" : "refuzata"}`,
        userName: who,
      });
    const configuration = await listConfiguration(trx);
    const answered: AnsweredOffer = {
      offer,
      company: read.company,
      terms: offerSettingsOf(configuration).terms,
      name,
      reason,
      conflict,
      answeredAt: now,
      address: answerer.address,
      companyPhone: read.view.company_phone,
      siteUrl: services.config.PUBLIC_URL,
    };
    const office = await officeRecipients(trx, services.config.ADMIN_EMAIL);
    await enqueueMail(trx, officeAnswerMail(answered, kind, office.recipients), now);
    const customer = kind === "accepted" ? acceptanceMail(answered) : null;
    if (customer) await enqueueMail(trx, customer, now);
    const after = await readLink(trx, await offerOfLink(trx, token), token);
    return { view: after.view, mails: true };
  });
  if (outcome.mails) services.mail.wake();
  return outcome.view;
}

export function acceptOfferLink(
  services: OfferAnswerServices,
  token: string,
  input: OfferAcceptInput,
  answerer: Answerer,
): Promise<OfferLinkView> {
  return answer(services, token, "accepted", input, answerer);
}

export function refuseOfferLink(
  services: OfferAnswerServices,
  token: string,
  input: OfferRefuseInput,
  answerer: Answerer,
): Promise<OfferLinkView> {
  return answer(services, token, "refused", input, answerer);
}
