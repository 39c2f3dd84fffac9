import { describe, expect, it } from "vitest";
import {
  availabilityOfDays,
  daysOfRange,
  dayState,
  isFreeThroughout,
  unitsTakenPerDay,
} from "../../common/bookings/availability.ts";
import { availabilityRangeSchema } from "../../common/bookings/availability-query.ts";
import { bookingCreateSchema } from "../../common/bookings/booking-schemas.ts";

/** The day rules of a machine's availability (decision 070), without a database. */

describe("availability per day", () => {
  it("counts each booking on its days only, both ends included, cut to the range", () => {
    const bookings = [
      { units: 1, first_day: "2026-12-28", last_day: "2027-01-02" },
      { units: 2, first_day: "2027-01-02", last_day: "2027-01-02" },
      { units: 5, first_day: "2027-01-04", last_day: "2027-02-01" },
    ];
    expect(unitsTakenPerDay(bookings, "2026-12-31", 5)).toEqual([1, 1, 3, 0, 5]);
  });

  it("names each day's state from the fleet and the units taken", () => {
    expect([dayState(2, 0), dayState(2, 1), dayState(2, 2), dayState(2, 3), dayState(0, 0)]).toEqual([
      "free",
      "partly",
      "booked",
      "booked",
      "on-request",
    ]);
    const days = daysOfRange("2027-02-27", "2027-03-01");
    expect(days).toEqual(["2027-02-27", "2027-02-28", "2027-03-01"]);
    const states = availabilityOfDays(1, [{ units: 1, first_day: "2027-02-28", last_day: "2027-02-28" }], days);
    expect(states.map((entry) => entry.state)).toEqual(["free", "booked", "free"]);
    expect(isFreeThroughout(states)).toBe(false);
    expect(isFreeThroughout(availabilityOfDays(2, [], days))).toBe(true);
  });
});

describe("the ranges' rules", () => {
  it("refuses a reversed range or one over 366 days, with the visitor's codes", () => {
    const codes = (from: string, to: string) =>
      availabilityRangeSchema.safeParse({ from, to }).error?.issues[0]?.message;
    expect(codes("2027-01-01", "2027-12-31")).toBeUndefined();
    expect(codes("2028-01-01", "2028-12-31")).toBeUndefined();
    expect(codes("2027-01-02", "2027-01-01")).toBe("AVAILABILITY_LAST_DAY_BEFORE_FIRST");
    expect(codes("2027-01-01", "2028-01-01")).toBeUndefined();
    expect(codes("2027-01-01", "2028-01-02")).toBe("AVAILABILITY_RANGE_TOO_LONG");
    expect(codes("2027-02-29", "2027-03-01")).toBe("INVALID_AVAILABILITY_DAY");
  });

  it("reports a booking's range rule at its last day, also beside another wrong field", () => {
    const result = bookingCreateSchema.safeParse({ product_uuid: 1, first_day: "2027-01-05", last_day: "2027-01-04" });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["product_uuid", "UNKNOWN_BOOKING_PRODUCT"],
      ["last_day", "BOOKING_LAST_DAY_BEFORE_FIRST"],
    ]);
  });
});
