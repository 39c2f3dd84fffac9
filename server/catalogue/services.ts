import type { Config } from "../core/config.ts";
import type { Logger } from "../core/logger.ts";
import type { Dialect } from "../db/database.ts";
import type { CatalogueWriter } from "./invalidate-pages.ts";
import type { CatalogueVersionCache } from "./catalogue-version-cache.ts";

/** What the catalogue's writes use of the server's services (server/services.ts). */
export interface CatalogueServices extends CatalogueWriter {
  config: Config;
  logger: Logger;
  dialect: Dialect;
  /** The catalogue version that keys cached pages; changeCatalogue drops it after each write. */
  catalogueVersion: CatalogueVersionCache;
}
