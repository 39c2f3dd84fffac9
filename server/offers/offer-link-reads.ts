import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { romanianDay } from "../../common/days/romanian-day.ts";
import type { ErrorCode } from "../../common/errors/error-codes.ts";
import type { OfferLinkContent, OfferLinkStatus, OfferLinkView } from "../../common/offers/offer-link-schemas.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import { companySettingsOf, type CompanySettings } from "../../common/schemas/company-settings.ts";
import { offerSettingsOf } from "../../common/schemas/offer-settings.ts";
import { hashToken } from "../auth/random-tokens.ts";
import { HttpError, notFound } from "../core/errors.ts";
import { listConfiguration } from "../db/repositories/configuration.ts";
import { offerByLinkHash } from "../db/repositories/offer-answers.ts";
import { linesOf, type OfferRow } from "../db/repositories/offers.ts";
import type { Database } from "../db/schema.ts";
import { offerLinkUrl } from "./offer-link.ts";
import { offerView } from "./offer-views.ts";

/**
 * What an offer's personal link opens (decision 097): the version whose link hash is the token's,
 * found by one query on the unique index whether the token is real, tampered or made up, so an
 * unknown token costs the same as a real one. A link whose offer no longer holds (expired, cancelled,
 * replaced) is a 410 with its code; one never sent (a draft has no link) is a 404 like a made-up one.
 */

/** The page's address for a token on this site (offerLinkUrl without the site's origin). */
export const offerLinkPath = (token: string) => offerLinkUrl("", token);

/** The sent version the token opens, whatever state it is in now. */
export async function offerOfLink(db: Kysely<Database>, token: string): Promise<OfferRow> {
  const row = await offerByLinkHash(db, hashToken(token));
  if (!row || row.state === "ciorna") throw notFound("ERROR_OFFER_LINK_NOT_FOUND");
  return row;
}

/** Why a link no longer opens its offer, or null while it does (sent and valid, or answered). */
export function closedLinkCode(row: Pick<OfferRow, "state" | "valid_until">, today: string): ErrorCode | null {
  switch (row.state) {
    case "expirata":
      return "OFFER_LINK_EXPIRED";
    case "anulata":
      return "OFFER_LINK_CANCELLED";
    case "inlocuita":
      return "OFFER_LINK_REPLACED";
    case "trimisa":
      // The housekeeping marks it expirata later: the validity ends at the end of its last day, in Romania.
      return row.valid_until < today ? "OFFER_LINK_EXPIRED" : null;
    default:
      return null;
  }
}

const STATUS: Partial<Record<OfferRow["state"], OfferLinkStatus>> = {
  trimisa: "open",
  acceptata: "accepted",
  refuzata: "refused",
};

/** The offer's content as its customer reads it, built in one order: its JSON is canonical. */
export function linkContent(
  offer: OfferView,
  company: CompanySettings,
  terms: { ro: string; en: string },
): OfferLinkContent {
  return {
    number: offer.number,
    offer_version: offer.offer_version,
    lang: offer.lang,
    currency: offer.currency,
    sent_at: offer.sent_at,
    valid_until: offer.valid_until,
    company: {
      legal_name: company.legalName,
      cui: company.cui,
      reg_com: company.regCom,
      address: company.address,
      iban: company.iban,
    },
    customer: {
      name: offer.customer_name,
      company: offer.customer_company,
      email: offer.customer_email,
      phone: offer.customer_phone,
    },
    lines: offer.lines,
    subtotal: offer.subtotal,
    discount: offer.discount,
    discount_amount: offer.discount_amount,
    net: offer.net,
    vat_rate: offer.vat_rate,
    vat_amount: offer.vat_amount,
    total: offer.total,
    notes: offer.notes,
    terms: { ro: terms.ro, en: terms.en },
  };
}

/** SHA-256 (hex) of the content's canonical JSON: the proof of what the customer answered. */
export const contentHash = (content: OfferLinkContent): string =>
  createHash("sha256").update(JSON.stringify(content)).digest("hex");

const phoneOf = (configuration: readonly { key: string; value: string }[]) =>
  configuration.find((entry) => entry.key === "contact_phone")?.value.trim() ?? "";

/** The company's phone and legal name, for a page that shows no offer (its token opens none). */
export async function companyContact(db: Kysely<Database>): Promise<{ phone: string; legalName: string }> {
  const configuration = await listConfiguration(db);
  return { phone: phoneOf(configuration), legalName: companySettingsOf(configuration).legalName };
}

/** Everything the link shows, read from `row` (and `db`: its lines and Configurare). */
export interface LinkRead {
  row: OfferRow;
  /** Set when the link no longer opens the offer: the page says why, the API answers 410. */
  closed: ErrorCode | null;
  view: OfferLinkView;
  /** The offer as its document reads it, for the page (offerDocument). */
  offer: OfferView;
  company: CompanySettings;
}

export async function readLink(db: Kysely<Database>, row: OfferRow, token: string): Promise<LinkRead> {
  const [lines, configuration] = await Promise.all([linesOf(db, row.id), listConfiguration(db)]);
  const offer = offerView(row, lines, []);
  const company = companySettingsOf(configuration);
  const content = linkContent(offer, company, offerSettingsOf(configuration).terms);
  const phone = phoneOf(configuration);
  return {
    row,
    closed: closedLinkCode(row, romanianDay()),
    offer,
    company,
    view: {
      status: STATUS[row.state] ?? "open",
      offer: content,
      content_hash: contentHash(content),
      answer: offer.answer && {
        answered_at: offer.answer.answered_at,
        name: offer.answer.name,
        reason: offer.answer.reason,
        booking_conflict: offer.answer.booking_conflict,
      },
      company_phone: phone,
      pdf_path: `${offerLinkPath(token)}/pdf`,
    },
  };
}

/** The link's offer for the API: 404 for no offer, 410 with its code for one that no longer holds. */
export async function offerLinkView(db: Kysely<Database>, token: string): Promise<OfferLinkView> {
  const read = await readLink(db, await offerOfLink(db, token), token);
  if (read.closed) throw new HttpError(410, read.closed);
  return read.view;
}
