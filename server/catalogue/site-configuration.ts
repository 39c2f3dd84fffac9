import type { Kysely } from "kysely";
import type { ConfigurationEntry } from "../../common/catalogue/catalogue-views.ts";
import { priceSettingsOf, type PriceSettings } from "../../common/pricing/price-settings.ts";
import { requiresSecondFactor } from "../../common/schemas/configuration-keys.ts";
import type { Database } from "../db/schema.ts";
import type { CatalogueVersionCache } from "./catalogue-version-cache.ts";
import { perVersion } from "./per-version.ts";
import { configurationEntries } from "./read.ts";

/** What reading the configuration once per catalogue version needs of the server's services. */
export interface ConfigurationReader {
  db: Kysely<Database>;
  catalogueVersion: Pick<CatalogueVersionCache, "current">;
}

/** One reader per server (its version cache): the pages, the price settings and the admin guard share its read. */
const readers = new WeakMap<object, () => Promise<ConfigurationEntry[]>>();

/**
 * The configuration as the current catalogue version has it, read once per version (a configuration
 * save renews the version): shared, never to be changed by the caller.
 */
export function siteConfiguration(services: ConfigurationReader): Promise<ConfigurationEntry[]> {
  let read = readers.get(services.catalogueVersion);
  if (!read) {
    read = perVersion(services.catalogueVersion, () => configurationEntries(services.db));
    readers.set(services.catalogueVersion, read);
  }
  return read();
}

/** The site's price settings (decision 089) from that configuration. */
export async function sitePriceSettings(services: ConfigurationReader): Promise<PriceSettings> {
  return priceSettingsOf(await siteConfiguration(services));
}

/** Whether Configurare requires a second factor of administrators (decision 092), from that configuration. */
export async function siteRequiresSecondFactor(services: ConfigurationReader): Promise<boolean> {
  const entry = (await siteConfiguration(services)).find(({ key }) => key === "second_factor_required");
  return requiresSecondFactor(entry?.value);
}
