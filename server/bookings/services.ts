import type { Dialect } from "../db/database.ts";
import type { BackOfficeWriter } from "../writes/write-and-renew-pages.ts";

/** What the bookings' code uses of the server's services (server/services.ts). */
export interface BookingServices extends BackOfficeWriter {
  dialect: Dialect;
}
