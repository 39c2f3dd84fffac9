import type { RouterContextProvider } from "react-router";
import type { Locale } from "../../common/language/language.ts";
import type { ProductPrices } from "../../common/pricing/machine-prices.ts";
import type { PriceSettings } from "../../common/pricing/price-settings.ts";
import { PRICE_TEXTS, fromPriceText, shownPrices, type ShownPrices } from "../../common/pricing/price-text.ts";
import { PRICE_SORT_KEY } from "../../common/specifications/filter-address.ts";
import type { FilterField } from "../../common/specifications/filter-field.ts";
import { servicesOf } from "../page-request.server.ts";

/**
 * What the public pages show of the machines' prices (decision 093), written on the server in the
 * page's language: nothing at all while the site hides prices, so those pages' data stays as it was.
 */

type LoaderContext = Readonly<RouterContextProvider>;

/** A product page's prices: its table as shown, and the rates and currency its structured data states. */
export interface PricedMachine {
  shown: ShownPrices;
  prices: ProductPrices;
  settings: PriceSettings;
}

/** The machine's prices as its page shows them; null while prices are hidden or it has none to show. */
export async function pricedMachine(
  context: LoaderContext,
  productId: string,
  language: Locale,
): Promise<PricedMachine | null> {
  const services = servicesOf(context);
  const all = await services.prices.of([productId]);
  const prices = all?.get(productId);
  if (!prices) return null;
  const settings = await services.prices.settings();
  const shown = shownPrices(prices, settings, language);
  return shown && { shown, prices, settings };
}

/** A card's price: its line ("de la 450 lei/zi + TVA") and the day rate the list is ordered by (null: last). */
export interface CardPrice {
  text: string;
  day: number | null;
}

/** The cards' prices by machine id; null while prices are hidden. */
export async function cardPrices(
  context: LoaderContext,
  ids: readonly string[],
  language: Locale,
): Promise<Map<string, CardPrice> | null> {
  const services = servicesOf(context);
  const all = await services.prices.of(ids);
  if (!all) return null;
  const settings = await services.prices.settings();
  const cards = new Map<string, CardPrice>();
  for (const [id, prices] of all) {
    const text = fromPriceText(prices, settings, language);
    if (text !== null) cards.set(id, { text, day: prices.on_request ? null : prices.day });
  }
  return cards;
}

/** The category page's order by the day rate, offered beside its specifications' orders while prices are shown. */
export function priceOrderField(language: Locale): FilterField {
  return {
    key: PRICE_SORT_KEY,
    kind: "order",
    options: [],
    name: { text: PRICE_TEXTS[language].sortByPrice, lang: language },
    unit: "",
    optionNames: [],
    bounds: null,
  };
}
