import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { aYearAfter, addDays, romanianDay } from "../../common/days/romanian-day.ts";
import type { OfferView, OfferWriteInput } from "../../common/offers/offer-schemas.ts";
import { MAX_AMOUNT } from "../../common/pricing/money.ts";
import { offerTotals } from "../../common/pricing/offer-totals.ts";
import { priceSettingsOf } from "../../common/pricing/price-settings.ts";
import { offerSettingsOf } from "../../common/schemas/offer-settings.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { offerEntryName } from "../activity/offer-entry-names.ts";
import { HttpError, ValidationError, notFound } from "../core/errors.ts";
import { leadExists } from "../db/repositories/bookings.ts";
import { listConfiguration } from "../db/repositories/configuration.ts";
import {
  insertOffer,
  linesOf,
  lockOffer,
  replaceDraft,
  setOfferState,
  takeOfferSequence,
  versionsOf,
  type NewOfferLine,
  type OfferContent,
  type OfferRow,
} from "../db/repositories/offers.ts";
import type { Database } from "../db/schema.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import { releaseOfferHolds } from "./offer-holds.ts";
import { pricedLines, type Issue } from "./offer-lines.ts";
import { offerById } from "./offer-reads.ts";
import type { OfferServices } from "./services.ts";

/**
 * The admin's offer writes (decision 094): a draft is made (its number taken in the same
 * transaction), saved whole while it is a draft, and cancelled; a sent offer is never changed, a
 * change makes its next version, a new draft under the same number. Each write and its Jurnal entry
 * commit together.
 */

type Trx = Transaction<Database>;

export const offerNumber = (year: number, sequence: number) => `OF-${year}-${String(sequence).padStart(4, "0")}`;

/** The content of a draft from its input: defaults, the site's currency and VAT, the lines priced and added up. */
async function contentOf(
  trx: Trx,
  services: OfferServices,
  input: OfferWriteInput,
  now: string,
): Promise<{ content: OfferContent; lines: NewOfferLine[] }> {
  const today = romanianDay(new Date(now));
  const configuration = await listConfiguration(trx);
  const validUntil = input.valid_until ?? addDays(today, offerSettingsOf(configuration).validityDays);
  const issues: Issue[] = [];
  if (validUntil < today || validUntil > aYearAfter(today))
    issues.push({ msg: "INVALID_OFFER_VALID_UNTIL", path: "valid_until" });
  if (input.lead_uuid !== null && !(await leadExists(trx, services.dialect, input.lead_uuid)))
    issues.push({ msg: "UNKNOWN_OFFER_LEAD", path: "lead_uuid" });
  const priced = await pricedLines(trx, input.lines, today);
  issues.push(...priced.issues);
  if (issues.length > 0) throw new ValidationError(issues);
  const lines = priced.lines;
  const settings = priceSettingsOf(configuration);
  const vatRate = input.vat_rate ?? settings.vatRate;
  const totals = offerTotals(lines, input.discount, vatRate);
  if (totals.subtotal > MAX_AMOUNT || totals.total > MAX_AMOUNT)
    throw new ValidationError([{ msg: "OFFER_TOTAL_TOO_LARGE", path: "lines" }]);
  return {
    lines,
    content: {
      lead_id: input.lead_uuid,
      customer_name: input.customer_name,
      customer_company: input.customer_company,
      customer_email: input.customer_email,
      customer_phone: input.customer_phone,
      lang: input.lang,
      currency: settings.currency,
      vat_rate: vatRate,
      discount: input.discount,
      notes: input.notes,
      valid_until: validUntil,
      subtotal: totals.subtotal,
      discount_amount: totals.discountAmount,
      net: totals.net,
      vat_amount: totals.vatAmount,
      total: totals.total,
      updated_at: now,
      sent_at: null,
    },
  };
}

/** The Jurnal's entry of an offer's write, naming its number, version and customer. */
export async function logOffer(
  trx: Kysely<Database>,
  actor: Actor,
  action: "create" | "update" | "cancel" | "status_change",
  offer: Pick<OfferRow, "id" | "number" | "offer_version" | "customer_name">,
  summary: string,
  userName?: string,
): Promise<void> {
  await logActivity(trx, actor, {
    action,
    kind: "offer",
    itemId: offer.id,
    itemName: offerEntryName(offer),
    summary,
    ...(userName === undefined ? {} : { userName }),
  });
}

export async function createOffer(services: OfferServices, actor: Actor, input: OfferWriteInput): Promise<OfferView> {
  const now = new Date().toISOString();
  const id = randomUUID();
  await services.db.transaction().execute(async (trx) => {
    const { content, lines } = await contentOf(trx, services, input, now);
    // Taken last, after every check: a refused draft never holds the counter's row.
    const year = Number(romanianDay(new Date(now)).slice(0, 4));
    const sequence = await takeOfferSequence(trx, year);
    const row = { ...content, id, year, sequence, number: offerNumber(year, sequence), offer_version: 1 };
    await insertOffer(trx, { ...row, state: "ciorna", created_at: now }, lines);
    await logOffer(trx, actor, "create", row, `Oferta noua (ciorna), ${lines.length} linii`);
  });
  return offerById(services, id);
}

export async function lockedOrMissing(trx: Trx, services: OfferServices, id: string): Promise<OfferRow> {
  const row = await lockOffer(trx, id, services.dialect === "postgres");
  if (!row) throw notFound("ERROR_OFFER_NOT_FOUND");
  return row;
}

/** Saves a draft whole; a sent (or closed) offer is refused: its change is a new version. */
export async function updateOffer(
  services: OfferServices,
  actor: Actor,
  id: string,
  input: OfferWriteInput,
): Promise<OfferView> {
  const now = new Date().toISOString();
  await services.db.transaction().execute(async (trx) => {
    const row = await lockedOrMissing(trx, services, id);
    if (row.state !== "ciorna") throw new HttpError(409, "OFFER_NOT_DRAFT");
    const { content, lines } = await contentOf(trx, services, input, now);
    if (!(await replaceDraft(trx, id, content, lines))) throw new HttpError(409, "OFFER_NOT_DRAFT");
    await logOffer(trx, actor, "update", row, `Ciorna salvata, ${lines.length} linii`);
  });
  return offerById(services, id);
}

/**
 * The next version of a sent offer: a draft under the same number with the same content and lines,
 * the sent one left as it is (kept, readable, still valid until the new one is sent). Only the newest
 * version gets one, so two at once make one.
 */
export async function reviseOffer(services: OfferServices, actor: Actor, id: string): Promise<OfferView> {
  const now = new Date().toISOString();
  const newId = randomUUID();
  await services.db.transaction().execute(async (trx) => {
    const row = await lockedOrMissing(trx, services, id);
    if (row.state !== "trimisa") throw new HttpError(409, "OFFER_NOT_SENT");
    const versions = await versionsOf(trx, row.year, row.sequence);
    if (versions.some((version) => version.offer_version > row.offer_version))
      throw new HttpError(409, "OFFER_HAS_NEWER_VERSION");
    const lines = (await linesOf(trx, id)).map(({ offer_id: _, position: __, ...line }) => line);
    // The content only: the sent version's link and answer stay its own (the link's hash is unique).
    const {
      link_hash: _link,
      answered_at: _answered,
      answer_name: _name,
      answer_reason: _reason,
      answer_address: _address,
      answer_user_agent: _agent,
      answer_content_hash: _hash,
      booking_conflict: _conflict,
      ...content
    } = row;
    const next = { ...content, id: newId, offer_version: row.offer_version + 1 };
    await insertOffer(trx, { ...next, state: "ciorna", created_at: now, updated_at: now, sent_at: null }, lines);
    await logOffer(trx, actor, "create", next, `Versiune noua (v${next.offer_version}) a ofertei trimise`);
  });
  return offerById(services, newId);
}

/**
 * Withdraws a draft or a sent offer; an answered, expired or replaced one stays as it is. A sent one's
 * tentative holds are released with it (decision 096), so the pages showing availability are renewed.
 */
export async function cancelOffer(services: OfferServices, actor: Actor, id: string): Promise<OfferView> {
  const now = new Date().toISOString();
  await writeAndRenewPages(services, async (trx) => {
    const row = await lockedOrMissing(trx, services, id);
    if (!(await setOfferState(trx, id, ["ciorna", "trimisa"], "anulata", { updated_at: now })))
      throw new HttpError(409, "OFFER_CLOSED");
    await releaseOfferHolds(trx, id, now);
    await logOffer(
      trx,
      actor,
      "cancel",
      row,
      row.state === "trimisa" ? "Oferta anulata, rezervarile tentative eliberate" : "Oferta anulata",
    );
  });
  return offerById(services, id);
}
