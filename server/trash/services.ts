import type { Config } from "../core/config.ts";
import type { Dialect } from "../db/database.ts";
import type { BackOfficeWriter } from "../writes/write-and-renew-pages.ts";

/** What the trash's code uses of the server's services (server/services.ts). */
export interface TrashServices extends BackOfficeWriter {
  config: Config;
  dialect: Dialect;
}
