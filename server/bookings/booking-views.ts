import type { BookingView } from "../../common/bookings/booking-schemas.ts";
import type { BookingWithProduct } from "../db/repositories/bookings.ts";

/** A booking as the admin's calls answer it. */
export function bookingView(row: BookingWithProduct): BookingView {
  return {
    uuid: row.id,
    product_uuid: row.product_id,
    product_model: row.product_model,
    category_uuid: row.category_id,
    units: row.units,
    first_day: row.first_day,
    last_day: row.last_day,
    state: row.state,
    overbooked: row.overbooked === 1,
    note: row.note,
    lead_uuid: row.lead_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}
