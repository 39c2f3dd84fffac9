import type { OfferLineView } from "../../../common/offers/offer-schemas.ts";
import { coverText } from "../../../common/offers/offer-texts.ts";
import { isCurrency } from "../../../common/pricing/price-settings.ts";
import { moneyText } from "../../../common/pricing/amount-text.ts";

/** How the offers' screens write an offer's figures (decision 094). */

/** An amount in the offer's currency, as the office reads it: "2.500,00 lei". */
export function offerMoney(minor: number, currency: string): string {
  return moneyText(minor, isCurrency(currency) ? currency : "RON", "ro");
}

/** The rate the rule applied to a machine line: "1 săptămână + 2 zile"; a written amount says so. */
export function rateApplied(line: OfferLineView): string {
  if (line.kind === "free") return "";
  const cover = line.periods ? coverText(line.periods, "ro") : "fără tarif";
  return line.rule_amount !== null && line.amount === line.rule_amount ? cover : `${cover} (sumă scrisă)`;
}
