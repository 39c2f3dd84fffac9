import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { showsSomething, withoutHiddenCharacters } from "../../common/fields/field-rules.ts";
import {
  OFFER_TEXT_MAX_LENGTH,
  type OfferListQuery,
  type OfferSummary,
  type OfferView,
  type OfferWriteInput,
} from "../../common/offers/offer-schemas.ts";
import { toLanguage } from "../../common/language/language.ts";
import { notFound } from "../core/errors.ts";
import { itemsOfLeads } from "../db/repositories/lead-items.ts";
import { findLead } from "../db/repositories/leads.ts";
import { findOffer, linesOf, listOffers, versionsOf } from "../db/repositories/offers.ts";
import { offerSummary, offerView } from "./offer-views.ts";
import type { OfferServices } from "./services.ts";

/** The admin's reads of offers (decision 094). */

/** The most offers a list shows; narrower filters find older ones. */
export const OFFER_LIST_LIMIT = 500;

export async function offerById(services: OfferServices, id: string): Promise<OfferView> {
  const row = await findOffer(services.db, id);
  if (!row) throw notFound("ERROR_OFFER_NOT_FOUND");
  const [lines, versions] = await Promise.all([
    linesOf(services.db, id),
    versionsOf(services.db, row.year, row.sequence),
  ]);
  return offerView(
    row,
    lines,
    versions.map((version) => ({ uuid: version.id, offer_version: version.offer_version, state: version.state })),
  );
}

export async function offerList(services: OfferServices, query: OfferListQuery): Promise<OfferSummary[]> {
  const rows = await listOffers(services.db, { state: query.state, leadId: query.lead }, OFFER_LIST_LIMIT);
  return rows.map(offerSummary);
}

/**
 * A new offer's body from a request ("Creați ofertă"): its customer and language, one machine line
 * per machine of its quote list still in the catalogue, with its days, units (at most the machine's
 * fleet today, at least one) and operator (a start not given or past becomes tomorrow, days not given
 * one), each priced by the rule when saved.
 * Nothing is stored: the editor shows it and saves it with POST /api/offers.
 */
/**
 * The request's name as an offer takes it: the contact form allows longer names (100 + 100) and
 * characters an offer refuses, so the draft's own save must not fail on what the visitor typed.
 */
function draftName(firstName: string, lastName: string): string {
  const name = withoutHiddenCharacters(`${firstName} ${lastName}`).replace(/\s+/g, " ").trim();
  return showsSomething(name) ? name.slice(0, OFFER_TEXT_MAX_LENGTH).trim() : "";
}

export async function offerDraftFromLead(services: OfferServices, leadId: string): Promise<OfferWriteInput> {
  const lead = await findLead(services.db, leadId);
  if (!lead) throw notFound("ERROR_OFFER_CONTACT_REQUEST");
  const items = (await itemsOfLeads(services.db, [leadId])).get(leadId) ?? [];
  const today = romanianDay();
  const tomorrow = addDays(today, 1);
  return {
    lead_uuid: leadId,
    customer_name: draftName(lead.first_name, lead.last_name),
    customer_company: "",
    customer_email: lead.email,
    customer_phone: lead.phone,
    lang: toLanguage(lead.lang),
    valid_until: null,
    vat_rate: null,
    discount: 0,
    notes: "",
    lines: items
      .filter((item) => item.current_slug !== null)
      .map((item) => {
        const first = item.start_date !== null && item.start_date >= today ? item.start_date : tomorrow;
        return {
          kind: "machine" as const,
          product_uuid: item.product_id,
          first_day: first,
          last_day: addDays(first, Math.max(1, item.days ?? 1) - 1),
          units: Math.max(1, Math.min(item.units, item.current_units ?? 1)),
          with_operator: item.with_operator === 1,
          amount: null,
          discount: 0,
        };
      }),
  };
}
