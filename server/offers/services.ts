import type { Kysely } from "kysely";
import type { Dialect } from "../db/database.ts";
import type { Database } from "../db/schema.ts";

/** What the offers' code uses of the server's services (server/services.ts). */
export interface OfferServices {
  db: Kysely<Database>;
  dialect: Dialect;
}
