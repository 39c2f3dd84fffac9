import { describe, expect, it } from "vitest";
import type { BookingView } from "../../common/bookings/booking-schemas.ts";
import { barsOf, moved, overbookedColumns, resized } from "../../app/admin/bookings/planner-model.ts";

/** The planner's arithmetic (decision 072): bars, lanes, days beyond the fleet, moves. */

function booking(uuid: string, first_day: string, last_day: string, fields: Partial<BookingView> = {}): BookingView {
  return {
    uuid,
    product_uuid: "p",
    product_model: "CAT 320",
    category_uuid: null,
    units: 1,
    first_day,
    last_day,
    state: "confirmat",
    overbooked: false,
    note: "",
    lead_uuid: null,
    created_at: "",
    updated_at: "",
    version: 1,
    ...fields,
  };
}

describe("the planner's bars", () => {
  it("cuts bars to the window, drops cancelled ones, and gives overlapping ones their own lane", () => {
    const bars = barsOf(
      [
        booking("a", "2026-11-28", "2026-12-02"),
        booking("b", "2026-12-02", "2026-12-03", { state: "tentativ" }),
        booking("c", "2026-12-04", "2026-12-20"),
        booking("d", "2026-12-01", "2026-12-01", { state: "anulat" }),
        booking("e", "2026-12-20", "2026-12-21"),
      ],
      "2026-11-30",
      14,
    );
    expect(bars.map((bar) => [bar.booking.uuid, bar.column, bar.span, bar.lane])).toEqual([
      ["a", 0, 3, 0],
      ["b", 2, 2, 1],
      ["c", 4, 10, 0],
    ]);
  });

  it("marks the days the confirmed units go beyond the fleet, tentative ones aside", () => {
    const bookings = [
      booking("a", "2026-12-01", "2026-12-03"),
      booking("b", "2026-12-03", "2026-12-04"),
      booking("c", "2026-12-01", "2026-12-05", { state: "tentativ" }),
    ];
    expect(overbookedColumns(bookings, 1, "2026-11-30", 7)).toEqual([3]);
    expect(overbookedColumns(bookings, 0, "2026-11-30", 7)).toEqual([1, 2, 3, 4]);
  });

  it("moves both days, and moves the last one never before the first", () => {
    const one = booking("a", "2026-12-31", "2027-01-01");
    expect(moved(one, 1)).toEqual({ first_day: "2027-01-01", last_day: "2027-01-02" });
    expect(resized(one, -1)).toEqual({ first_day: "2026-12-31", last_day: "2026-12-31" });
    expect(resized(booking("b", "2026-12-31", "2026-12-31"), -1)).toBeUndefined();
  });
});
