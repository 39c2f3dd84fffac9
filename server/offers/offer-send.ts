import type { Kysely } from "kysely";
import { romanianDay } from "../../common/days/romanian-day.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import type { Actor } from "../activity/activity-log.ts";
import { HttpError, ValidationError } from "../core/errors.ts";
import { listConfiguration } from "../db/repositories/configuration.ts";
import { markLeadContacted } from "../db/repositories/leads.ts";
import { enqueueMail } from "../db/repositories/mail-outbox.ts";
import { markOfferSent, otherSentVersions } from "../db/repositories/offer-sending.ts";
import { findOffer, linesOf, setOfferState, type OfferLineRow, type OfferRow } from "../db/repositories/offers.ts";
import type { Database } from "../db/schema.ts";
import type { Mailer } from "../mail/sender.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import { placeOfferHolds, releaseOfferHolds } from "./offer-holds.ts";
import { unsendableLines } from "./offer-lines.ts";
import { newOfferLink, offerLinkUrl } from "./offer-link.ts";
import { offerMail } from "./offer-mail.ts";
import { drawOfferPdf, offerPdfName, type OfferPdfServices } from "./offer-pdf.ts";
import { offerById } from "./offer-reads.ts";
import { lockedOrMissing, logOffer } from "./offer-writes.ts";

/**
 * Sending an offer (decision 096): a draft still valid becomes sent, with its personal link, its
 * machines held as tentative bookings, an older sent version of its number replaced (its holds
 * released), its request marked contacted, a Jurnal entry and the customer's e-mail with the PDF,
 * all in one writeAndRenewPages transaction. The PDF is drawn first, in the sheets' work pool: a pool
 * too busy refuses the send (503) before anything is written.
 */

export interface OfferSendServices extends OfferPdfServices {
  config: { PUBLIC_URL: string; ADMIN_EMAIL: string };
  /** Wakes the outbox's sender once the e-mail is queued. */
  mail: Mailer;
}

/** What keeps this version from being sent today: its state, no e-mail, its validity past, a line no longer valid. */
async function refuseUnsendable(
  db: Kysely<Database>,
  row: OfferRow,
  lines: readonly OfferLineRow[],
  today: string,
): Promise<void> {
  if (row.state !== "ciorna") throw new HttpError(409, "OFFER_NOT_DRAFT");
  if (row.customer_email === "") throw new HttpError(409, "OFFER_WITHOUT_EMAIL");
  if (row.valid_until < today) throw new HttpError(409, "OFFER_VALIDITY_PASSED");
  const issues = await unsendableLines(db, lines, today);
  if (issues.length > 0) throw new ValidationError(issues);
}

/** Where the customer's answers go, the phone the e-mail gives and the name it is signed with. */
async function companyContact(services: OfferSendServices, legalName: string) {
  const entries = new Map((await listConfiguration(services.db)).map((row) => [row.key, row.value.trim()]));
  return {
    replyTo: entries.get("contact_mail_to") || services.config.ADMIN_EMAIL,
    phone: entries.get("contact_phone") ?? "",
    name: legalName || new URL(services.config.PUBLIC_URL).host,
  };
}

export async function sendOffer(services: OfferSendServices, actor: Actor, id: string): Promise<OfferView> {
  const now = new Date();
  const sentAt = now.toISOString();
  const row = await findOffer(services.db, id);
  if (!row) throw new HttpError(404, "ERROR_OFFER_NOT_FOUND");
  await refuseUnsendable(services.db, row, await linesOf(services.db, id), romanianDay(now));

  const link = newOfferLink();
  const url = offerLinkUrl(services.config.PUBLIC_URL, link.token);
  const drawn = { ...(await offerById(services, id)), state: "trimisa" as const, sent_at: sentAt };
  const { pdf, document } = await drawOfferPdf(services, drawn, { url, personal: true }, now);
  const company = await companyContact(services, document.letterhead.name);
  const mail = offerMail({
    offer: drawn,
    document,
    url,
    pdf: { filename: offerPdfName(drawn), contentType: "application/pdf", content: pdf },
    company,
  });

  await writeAndRenewPages(services, async (trx) => {
    const locked = await lockedOrMissing(trx, services, id);
    const lines = await linesOf(trx, id);
    // Checked again after the bump made this the only writer: a machine trashed meanwhile, a second send.
    await refuseUnsendable(trx, locked, lines, romanianDay(now));
    if (!(await markOfferSent(trx, id, row.updated_at, { sent_at: sentAt, link_hash: link.hash })))
      throw new HttpError(409, "OFFER_CHANGED_WHILE_SENDING");
    const replaced: number[] = [];
    for (const older of await otherSentVersions(trx, locked)) {
      if (!(await setOfferState(trx, older.id, ["trimisa"], "inlocuita", { updated_at: sentAt }))) continue;
      await releaseOfferHolds(trx, older.id, sentAt);
      replaced.push(older.offer_version);
    }
    await placeOfferHolds(trx, locked, lines, sentAt);
    const contacted = locked.lead_id !== null && (await markLeadContacted(trx, locked.lead_id)) !== undefined;
    const machines = lines.filter((line) => line.kind === "machine").length;
    const summary = [
      `Oferta trimisa pe e-mail, cu PDF si link personal; ${machines} rezervari tentative`,
      ...replaced.map((version) => `v${version} inlocuita, rezervarile ei eliberate`),
      ...(contacted ? ["cererea: nou -> contactat"] : []),
    ].join("; ");
    await logOffer(trx, actor, "status_change", locked, summary);
    await enqueueMail(trx, mail, now);
  });
  services.mail.wake();
  return offerById(services, id);
}
