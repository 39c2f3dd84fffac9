import type { RouterContextProvider } from "react-router";
import type { BannerView, CategoryView, ConfigurationEntry, ProductView } from "../../common/catalogue.ts";
import {
  allBanners,
  allCategories,
  configurationEntries,
  productByCategoryAndModel,
  productsOfCategory,
} from "../../server/catalogue/read.ts";
import { getServices } from "../services.server.ts";

/**
 * The catalogue as the pages' loaders read it, from the database of the loader's context. Route
 * modules reach server code only through `*.server.ts` modules like this one (an ESLint rule), so
 * nothing of the server can slip into the browser bundle.
 */

type LoaderContext = Readonly<RouterContextProvider>;

export function loadCategories(context: LoaderContext): Promise<CategoryView[]> {
  return allCategories(getServices(context).db);
}

/** Undefined for an unknown category. */
export function loadProductsOfCategory(context: LoaderContext, categoryId: string): Promise<ProductView[] | undefined> {
  return productsOfCategory(getServices(context).db, categoryId);
}

/** By the category and model as they appear in a page address (slugs, or names). */
export function loadProduct(context: LoaderContext, category: string, model: string) {
  return productByCategoryAndModel(getServices(context).db, category, model);
}

export function loadBanners(context: LoaderContext): Promise<BannerView[]> {
  return allBanners(getServices(context).db);
}

export function loadConfiguration(context: LoaderContext): Promise<ConfigurationEntry[]> {
  return configurationEntries(getServices(context).db);
}
