import type { NewProduct } from "../db/schema.ts";
import { handOver, type DemoCategory, type DemoProduct } from "./demo-data.ts";

/**
 * The demo machines' rates (decision 093), in bani without VAT, from each machine's day rate as rental
 * companies' price lists relate them: a week costs five days, a month eighteen, so the rule of
 * decision 081 has longer rentals to choose; a deposit of three days (rounded up to 100 lei); an
 * operator at 400 lei a day except for machines handed over without one; two days at least for the heaviest machines.
 */

const LEI = 100;
const OPERATOR_DAY = 400 * LEI;
/** From this day rate on (lei), a machine is rented for two days at least (it travels on a trailer). */
const HEAVY_FROM = 1100;

export function demoPriceColumns(
  product: Pick<DemoProduct, "rate">,
  category: Pick<DemoCategory, "crew">,
): Pick<
  NewProduct,
  | "price_day"
  | "price_week"
  | "price_month"
  | "price_deposit"
  | "price_operator_day"
  | "price_minimum_days"
  | "price_on_request"
> {
  const day = product.rate * LEI;
  return {
    price_day: day,
    price_week: day * 5,
    price_month: day * 18,
    price_deposit: Math.ceil((product.rate * 3) / 100) * 100 * LEI,
    price_operator_day: category.crew === handOver ? null : OPERATOR_DAY,
    price_minimum_days: product.rate >= HEAVY_FROM ? 2 : null,
    price_on_request: 0,
  };
}
