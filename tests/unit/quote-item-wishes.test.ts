import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { errorsOf } from "../../app/components/contact-form/fields.ts";
import {
  daysChange,
  endChange,
  itemsPayload,
  startChange,
} from "../../app/components/contact-form/quote-item-wishes.ts";
import type { QuoteListItem } from "../../app/lib/quote-list.ts";

const item = (wishes: Partial<Omit<QuoteListItem, "machine">> = {}): QuoteListItem => ({
  machine: { id: randomUUID(), model: "JCB 3CX", category: null, path: "" },
  startDate: null,
  days: null,
  endDate: null,
  operator: false,
  units: 1,
  ...wishes,
});

describe("a machine's days in the quote list", () => {
  it("counts the first and the last day: days and end day follow each other once the start is known", () => {
    expect(daysChange(item({ startDate: "2026-12-30" }), 3)).toEqual({ days: 3, endDate: "2027-01-01" });
    expect(endChange(item({ startDate: "2026-12-30" }), "2027-01-01")).toEqual({ endDate: "2027-01-01", days: 3 });
    expect(startChange(item({ days: 2 }), "2027-02-28")).toEqual({ startDate: "2027-02-28", endDate: "2027-03-01" });
    expect(startChange(item({ endDate: "2026-12-10" }), "2026-12-01")).toEqual({ startDate: "2026-12-01", days: 10 });
  });

  it("keeps an end before the start or a span over 365 days as typed, without a number of days, for the check to name", () => {
    expect(endChange(item({ startDate: "2026-12-10" }), "2026-12-01")).toEqual({ endDate: "2026-12-01", days: null });
    expect(daysChange(item({ startDate: "2026-12-10" }), 400)).toEqual({ days: 400, endDate: null });
  });

  it("drops the end day when the start is cleared, and keeps the number of days", () => {
    expect(startChange(item({ startDate: "2026-12-01", days: 3, endDate: "2026-12-03" }), null)).toEqual({
      startDate: null,
      endDate: null,
    });
  });

  it("sends each machine by id, a day that is not a real day as not chosen, its units as chosen", () => {
    const listed = item({ startDate: "2026-02-30", days: 3, endDate: "2026-12-03", operator: true, units: 4 });
    const emptied = item({ units: null });
    expect(itemsPayload([listed, emptied])).toEqual([
      { product: listed.machine.id, startDate: null, days: 3, endDate: "2026-12-03", operator: true, units: 4 },
      { product: emptied.machine.id, startDate: null, days: null, endDate: null, operator: false, units: null },
    ]);
  });
});

describe("the form's errors", () => {
  it("gives a list item's message to the machine sent at that place, the list's own and the fields' apart", () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const errors = errorsOf(
      [
        { path: "items.1.startDate", msg: "PAST_QUOTE_START_DATE" },
        { path: "items.1.startDate", msg: "FAR_QUOTE_START_DATE" },
        { path: "items.0.product", msg: "INVALID_QUOTE_PRODUCT" },
        { path: "items.0.units", msg: "QUOTE_UNITS_OVER_FLEET" },
        { path: "items", msg: "TOO_MANY_QUOTE_ITEMS" },
        { path: "email", msg: "INVALID_CONTACT_EMAIL" },
      ],
      [first, second],
    );
    expect(errors).toEqual({
      fields: { email: "INVALID_CONTACT_EMAIL" },
      items: {
        [second]: { startDate: "PAST_QUOTE_START_DATE" },
        [first]: { product: "INVALID_QUOTE_PRODUCT", units: "QUOTE_UNITS_OVER_FLEET" },
      },
      list: "TOO_MANY_QUOTE_ITEMS",
    });
  });
});
