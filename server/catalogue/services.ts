import type { Config } from "../core/config.ts";
import type { Logger } from "../core/logger.ts";
import type { Dialect } from "../db/database.ts";
import type { BackOfficeWriter } from "../writes/write-and-renew-pages.ts";
import type { CatalogueVersionCache } from "./catalogue-version-cache.ts";

/** What the catalogue's writes use of the server's services (server/services.ts). */
export interface CatalogueServices extends BackOfficeWriter {
  config: Config;
  logger: Logger;
  dialect: Dialect;
  /** The catalogue version that keys cached pages; writeAndRenewPages drops it after each write. */
  catalogueVersion: CatalogueVersionCache;
}
