import type { Kysely } from "kysely";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { NO_PRICES, type ProductPrices } from "../../common/pricing/machine-prices.ts";
import { findProductRow, productPriceRows, type ProductPriceColumns } from "../db/repositories/products.ts";
import type { Database } from "../db/schema.ts";
import { sitePriceSettings, type ConfigurationReader } from "./site-configuration.ts";

/**
 * A machine's prices in its replies (decision 089). The rates are the company's business: the admin's
 * replies carry them always; a public reply only while the site shows prices (`show_prices`), and for a
 * machine "la cerere" only that it is. While prices are hidden a public reply is as it was before prices
 * existed, byte for byte (and so its ETag). The page data never reads them here.
 */

type Db = Kysely<Database>;

export function pricesOfRow(row: ProductPriceColumns): ProductPrices {
  return {
    day: row.price_day,
    week: row.price_week,
    month: row.price_month,
    deposit: row.price_deposit,
    operator_day: row.price_operator_day,
    minimum_days: row.price_minimum_days,
    on_request: row.price_on_request === 1,
  };
}

/** The row's columns for prices sent; none when they were left out (an update keeps what is stored). */
export function priceColumns(prices: ProductPrices | undefined): Partial<ProductPriceColumns> {
  if (prices === undefined) return {};
  return {
    price_day: prices.day,
    price_week: prices.week,
    price_month: prices.month,
    price_deposit: prices.deposit,
    price_operator_day: prices.operator_day,
    price_minimum_days: prices.minimum_days,
    price_on_request: prices.on_request ? 1 : 0,
  };
}

/** What a visitor may read of a machine's prices: only that it is on request, or all of them. */
const publicPrices = (prices: ProductPrices): ProductPrices =>
  prices.on_request ? { ...NO_PRICES, on_request: true } : prices;

/**
 * What visitors may read of these machines' prices, by id; null while the site hides prices (the
 * configuration is read through the per-version cache, not once per request).
 */
export async function publicPricesOf(
  services: ConfigurationReader,
  ids: readonly string[],
): Promise<Map<string, ProductPrices> | null> {
  if (!(await sitePriceSettings(services)).shown) return null;
  const rows = await productPriceRows(services.db, ids);
  return new Map([...rows].map(([id, row]) => [id, publicPrices(pricesOfRow(row))]));
}

/** The public replies' products, with their prices only while the site shows them. */
export async function withPublicPrices(services: ConfigurationReader, views: ProductView[]): Promise<ProductView[]> {
  if (views.length === 0) return views;
  const prices = await publicPricesOf(
    services,
    views.map((view) => view.uuid),
  );
  if (!prices) return views;
  return views.map((view) => {
    const shown = prices.get(view.uuid);
    return shown ? { ...view, prices: shown } : view;
  });
}

/** One public reply's product (or none), as withPublicPrices gives it. */
export async function withPublicPrice(
  services: ConfigurationReader,
  view: ProductView | undefined,
): Promise<ProductView | undefined> {
  return view && (await withPublicPrices(services, [view]))[0];
}

/** An admin's reply: the product with every price it has. */
export async function withAdminPrices(db: Db, view: ProductView): Promise<ProductView> {
  const row = await findProductRow(db, view.uuid);
  return { ...view, prices: row ? pricesOfRow(row) : NO_PRICES };
}

/** Admin reads of many machines (the spreadsheet's export and import): each with every price it has, in one query. */
export async function withAllPrices(db: Db, views: ProductView[]): Promise<ProductView[]> {
  const rows = await productPriceRows(
    db,
    views.map((view) => view.uuid),
  );
  return views.map((view) => {
    const row = rows.get(view.uuid);
    return { ...view, prices: row ? pricesOfRow(row) : NO_PRICES };
  });
}
