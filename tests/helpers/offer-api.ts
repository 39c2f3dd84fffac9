import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { ProductPrices } from "../../common/pricing/machine-prices.ts";
import type { AdminServer } from "./admin-server.ts";
import { json, productBody } from "./catalogue-api.ts";
import { dayFromToday } from "./days.ts";

/**
 * What the offers' API tests set up alike: a machine with its fleet and rates, and a draft's machine
 * line over days counted from today.
 */

/** A machine of `category` with `units` in its fleet and these rates (none: no rates). */
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
export const draftMachineLine = (
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
