import type { Dialect } from "../db/database.ts";
import type { BackOfficeWriter } from "../writes/write-and-renew-pages.ts";

/**
 * What the offers' code uses of the server's services (server/services.ts). A writer of the
 * catalogue's pages too: a sent offer's holds change the availability they show (decision 096).
 */
export interface OfferServices extends BackOfficeWriter {
  dialect: Dialect;
}
