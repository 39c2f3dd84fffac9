import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import type { ProductPrices } from "../../common/pricing/machine-prices.ts";
import type { AdminServer } from "./admin-server.ts";
import { json, productBody } from "./catalogue-api.ts";

/**
 * What the offers' API tests set up alike: a machine with its fleet and rates, a machine line over days
 * counted from today, and the contact Configurare needs before an offer is sent or answered.
 */

/** The Romanian day `n` days from today. */
export const dayFromToday = (n: number) => addDays(romanianDay(), n);

/** A machine of `category` with `units` in its fleet and these rates (none: "preț la cerere"). */
export async function pricedMachine(
  admin: AdminServer,
  category: Pick<CategoryView, "name">,
  model: string,
  units: number,
  prices?: Partial<ProductPrices>,
): Promise<ProductView> {
  const body = { ...(await productBody(category.name, model, 0)), units, ...(prices ? { prices } : {}) };
  return json<ProductView>(await admin.call("POST", "/api/product/create", body), 201);
}

/** An offer's line for `product` from day `first` to day `last` (counted from today), as a draft's body writes it. */
export const machineLine = (
  product: Pick<ProductView, "uuid">,
  first: number,
  last: number,
  extra: Record<string, unknown> = {},
) => ({
  kind: "machine",
  product_uuid: product.uuid,
  first_day: dayFromToday(first),
  last_day: dayFromToday(last),
  ...extra,
});

/** The office's contact of Configurare, with `office` as its e-mail. */
export const officeContact = (office: string) => [
  { key: "contact_mail_to", value: office },
  { key: "contact_mail_subject", value: "Cerere" },
  { key: "contact_phone", value: "0722000111" },
];
