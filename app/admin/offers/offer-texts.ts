import type { OfferLineView } from "../../../common/offers/offer-schemas.ts";
import { isCurrency } from "../../../common/pricing/price-settings.ts";
import { moneyText } from "../../../common/pricing/amount-text.ts";
import { PERCENT } from "../../../common/pricing/money.ts";

/** How the offers' screens write an offer's figures (decision 094). */

/** An amount in the offer's currency, as the office reads it: "2.500,00 lei". */
export function offerMoney(minor: number, currency: string): string {
  return moneyText(minor, isCurrency(currency) ? currency : "RON", "ro");
}

/** Hundredths of a percent as a percentage: "10 %", "9,5 %". */
export const percentText = (hundredths: number): string =>
  `${(hundredths / PERCENT).toLocaleString("ro-RO", { maximumFractionDigits: 2 })} %`;

/** The rate the rule applied to a machine line: "1 săptămână + 2 zile"; a written amount says so. */
export function rateApplied(line: OfferLineView): string {
  if (line.kind === "free") return "";
  const periods = line.periods;
  const cover = periods
    ? [
        periods.months > 0 ? `${periods.months} ${periods.months === 1 ? "lună" : "luni"}` : "",
        periods.weeks > 0 ? `${periods.weeks} ${periods.weeks === 1 ? "săptămână" : "săptămâni"}` : "",
        periods.days > 0 ? `${periods.days} ${periods.days === 1 ? "zi" : "zile"}` : "",
      ]
        .filter(Boolean)
        .join(" + ")
    : "fără tarif";
  return line.rule_amount !== null && line.amount === line.rule_amount ? cover : `${cover} (sumă scrisă)`;
}
