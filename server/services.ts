import type { Kysely } from "kysely";
import type { VersionView } from "../common/catalogue.ts";
import type { Config } from "./config.ts";
import type { Dialect } from "./db/database.ts";
import type { Database } from "./db/schema.ts";
import type { Logger } from "./logger.ts";

/** What every request handler and page loader may use; created once per server. */
export interface Services {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  logger: Logger;
  version: VersionView;
}
