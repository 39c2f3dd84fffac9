import type { OfferLineView, OfferSummary, OfferView } from "../../common/offers/offer-schemas.ts";
import type { OfferLineRow, OfferRow } from "../db/repositories/offers.ts";

/** An offer's rows as the API reads them (decision 094). */

export function offerSummary(row: OfferRow): OfferSummary {
  return {
    uuid: row.id,
    number: row.number,
    offer_version: row.offer_version,
    state: row.state,
    lead_uuid: row.lead_id,
    customer_name: row.customer_name,
    customer_company: row.customer_company,
    currency: row.currency,
    total: row.total,
    valid_until: row.valid_until,
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}

function lineView(line: OfferLineRow): OfferLineView {
  return {
    kind: line.kind,
    description: line.description,
    product_uuid: line.product_id,
    first_day: line.first_day,
    last_day: line.last_day,
    days: line.days,
    units: line.units,
    with_operator: line.with_operator === 1,
    periods: line.months === null ? null : { months: line.months, weeks: line.weeks ?? 0, days: line.period_days ?? 0 },
    charged_days: line.charged_days,
    rule_amount: line.rule_amount,
    amount: line.amount,
    discount: line.discount,
    discount_amount: line.discount_amount,
    total: line.total,
  };
}

export function offerView(row: OfferRow, lines: readonly OfferLineRow[], versions: OfferView["versions"]): OfferView {
  return {
    ...offerSummary(row),
    customer_email: row.customer_email,
    customer_phone: row.customer_phone,
    lang: row.lang,
    vat_rate: row.vat_rate,
    discount: row.discount,
    notes: row.notes,
    lines: lines.map(lineView),
    subtotal: row.subtotal,
    discount_amount: row.discount_amount,
    net: row.net,
    vat_amount: row.vat_amount,
    updated_at: row.updated_at,
    versions,
    answer:
      row.answered_at === null
        ? null
        : {
            answered_at: row.answered_at,
            name: row.answer_name ?? "",
            reason: row.answer_reason ?? "",
            booking_conflict: row.booking_conflict === 1,
            address: row.answer_address ?? "",
            user_agent: row.answer_user_agent ?? "",
            content_hash: row.answer_content_hash ?? "",
          },
  };
}
