import type { OfferLineInput, OfferView, OfferWriteInput } from "../../../common/offers/offer-schemas.ts";
import { amountInput, minorUnitsOf } from "../../../common/pricing/amount-text.ts";
import { PERCENT } from "../../../common/pricing/money.ts";

/**
 * The offer editor's values (decision 094): what the office types, as text (amounts in lei with a
 * comma, percentages as percents), turned into the API's body on save; the API checks every rule and
 * its codes come back at the same paths (`lines.0.amount`).
 */

export interface LineValues {
  kind: "machine" | "free";
  product_uuid: string;
  description: string;
  first_day: string;
  last_day: string;
  units: number;
  with_operator: boolean;
  /** Lei; empty on a machine line: the pricing rule's. */
  amount: string;
  /** Percent. */
  discount: number;
}

export interface OfferValues {
  lead_uuid: string | null;
  customer_name: string;
  customer_company: string;
  customer_email: string;
  customer_phone: string;
  lang: "ro" | "en";
  valid_until: string;
  /** Percent; empty: the site's. */
  vat_rate: string;
  discount: number;
  notes: string;
  lines: LineValues[];
}

export const emptyLine = (kind: LineValues["kind"]): LineValues => ({
  kind,
  product_uuid: "",
  description: "",
  first_day: "",
  last_day: "",
  units: 1,
  with_operator: false,
  amount: "",
  discount: 0,
});

const percent = (hundredths: number) => hundredths / PERCENT;
const hundredths = (value: number) => Math.round(value * PERCENT);

function lineValues(line: OfferLineInput): LineValues {
  if (line.kind === "free")
    return {
      ...emptyLine("free"),
      description: line.description,
      amount: amountInput(line.amount),
      discount: percent(line.discount),
    };
  return {
    ...emptyLine("machine"),
    product_uuid: line.product_uuid,
    first_day: line.first_day,
    last_day: line.last_day,
    units: line.units,
    with_operator: line.with_operator,
    amount: amountInput(line.amount),
    discount: percent(line.discount),
  };
}

export function offerValues(body: OfferWriteInput): OfferValues {
  return {
    lead_uuid: body.lead_uuid,
    customer_name: body.customer_name,
    customer_company: body.customer_company,
    customer_email: body.customer_email,
    customer_phone: body.customer_phone,
    lang: body.lang,
    valid_until: body.valid_until ?? "",
    vat_rate: body.vat_rate === null ? "" : String(percent(body.vat_rate)),
    discount: percent(body.discount),
    notes: body.notes,
    lines: body.lines.map(lineValues),
  };
}

/** An amount as typed: lei, empty → null; text that is no amount is sent as it is, for the API's code. */
function amountOf(text: string): number | null | string {
  const minor = minorUnitsOf(text);
  return minor === undefined ? text : minor;
}

/** The API's body from the form (unknown: the server validates it). */
export function offerBody(values: OfferValues): Record<string, unknown> {
  return {
    lead_uuid: values.lead_uuid,
    customer_name: values.customer_name,
    customer_company: values.customer_company,
    customer_email: values.customer_email,
    customer_phone: values.customer_phone,
    lang: values.lang,
    valid_until: values.valid_until || null,
    vat_rate: values.vat_rate.trim() === "" ? null : hundredths(Number(values.vat_rate.replace(",", "."))),
    discount: hundredths(values.discount),
    notes: values.notes,
    lines: values.lines.map((line) =>
      line.kind === "free"
        ? {
            kind: "free",
            description: line.description,
            amount: amountOf(line.amount),
            discount: hundredths(line.discount),
          }
        : {
            kind: "machine",
            product_uuid: line.product_uuid,
            first_day: line.first_day,
            last_day: line.last_day,
            units: line.units,
            with_operator: line.with_operator,
            amount: amountOf(line.amount),
            discount: hundredths(line.discount),
          },
    ),
  };
}

/** A stored draft as the editor's values: a machine line whose amount is the rule's stays "by the rule". */
export function valuesOfOffer(offer: OfferView): OfferValues {
  return {
    ...offerValues({ ...offer, lead_uuid: offer.lead_uuid, valid_until: offer.valid_until, lines: [] }),
    lines: offer.lines.map((line) =>
      line.kind === "free"
        ? {
            ...emptyLine("free"),
            description: line.description,
            amount: amountInput(line.amount),
            discount: percent(line.discount),
          }
        : {
            ...emptyLine("machine"),
            product_uuid: line.product_uuid ?? "",
            first_day: line.first_day ?? "",
            last_day: line.last_day ?? "",
            units: line.units,
            with_operator: line.with_operator,
            amount: line.amount === line.rule_amount ? "" : amountInput(line.amount),
            discount: percent(line.discount),
          },
    ),
  };
}
