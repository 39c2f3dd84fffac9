import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { BookingAvailability, BookingView, OverbookedDay } from "../../common/bookings/booking-schemas.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createCategory, createProduct, json, productBody } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { storeLead } from "../fixtures/leads.ts";

/**
 * A contact request turned into bookings in one step (decision 070), over real HTTP on either
 * database: one booking per machine linked to the request, all or none, the overbooking rule with
 * every machine's days, the request's bookings listed, and a machine's availability for the form.
 */

const admin = withAdminServer();

const today = romanianDay();
const day = (n: number) => addDays(today, n);

let category: CategoryView;
let excavator: ProductView;
let roller: ProductView;

async function machine(model: string, units: number): Promise<ProductView> {
  const created = await createProduct(admin.server, admin.token, await productBody(category.name, model, 0));
  const body = { ...(await productBody(category.name, model, 0)), uuid: created.uuid, units };
  return json<ProductView>(await admin.call("PUT", "/api/product/update", body), 200);
}

async function lead(): Promise<string> {
  const { id } = await storeLead(admin.server.services.db, new Date(), {}, {}, [
    {
      product_id: excavator.uuid,
      product_model: excavator.model,
      category_id: category.uuid,
      category_name: category.name,
      start_date: day(7),
      days: 5,
      with_operator: 0,
    },
  ]);
  return id;
}

const bookLead = (id: string, body: unknown) => admin.call("POST", `/api/contact/requests/${id}/bookings`, body);

beforeAll(async () => {
  category = await createCategory(admin.server, admin.token, "Utilaje de rezervat");
  excavator = await machine("Kubota KX057", 1);
  roller = await machine("Bomag BW 120", 2);
});

describe("POST /api/contact/requests/{id}/bookings", () => {
  it("books every machine in one step, each linked to the request, and lists them by the request", async () => {
    const id = await lead();
    const created = await json<BookingView[]>(
      await bookLead(id, {
        state: "confirmat",
        items: [
          { product_uuid: excavator.uuid, first_day: day(7), last_day: day(11) },
          { product_uuid: roller.uuid, units: 2, first_day: day(8), last_day: day(9) },
        ],
      }),
      201,
    );
    expect(created.map((booking) => [booking.product_uuid, booking.state, booking.lead_uuid, booking.units])).toEqual([
      [excavator.uuid, "confirmat", id, 1],
      [roller.uuid, "confirmat", id, 2],
    ]);
    const listed = await json<BookingView[]>(await admin.call("GET", `/api/bookings?lead=${id}`), 200);
    expect(listed.map((booking) => booking.uuid).sort()).toEqual(created.map((booking) => booking.uuid).sort());
    const availability = await json<BookingAvailability>(
      await admin.call("GET", `/api/bookings/availability?product=${roller.uuid}&from=${day(7)}&to=${day(9)}`),
      200,
    );
    expect(availability).toEqual({
      product_uuid: roller.uuid,
      units: 2,
      days: [
        { day: day(7), state: "free" },
        { day: day(8), state: "booked" },
        { day: day(9), state: "booked" },
      ],
    });
  });

  it("makes none when one machine would be overbooked, naming its days, until confirmed knowingly", async () => {
    const id = await lead();
    const body = {
      state: "confirmat",
      items: [
        { product_uuid: roller.uuid, first_day: day(20), last_day: day(21) },
        { product_uuid: excavator.uuid, first_day: day(9), last_day: day(12) },
      ],
    };
    const refusal = await json<{ error: { code: string; conflicts: OverbookedDay[] } }>(await bookLead(id, body), 409);
    expect(refusal.error.code).toBe("BOOKING_OVERBOOKED");
    expect(refusal.error.conflicts).toEqual(
      [9, 10, 11].map((n) => ({ product_uuid: excavator.uuid, day: day(n), fleet: 1, confirmed: 2 })),
    );
    expect(await json(await admin.call("GET", `/api/bookings?lead=${id}`), 200)).toEqual([]);
    const made = await json<BookingView[]>(await bookLead(id, { ...body, confirm_overbooking: true }), 201);
    expect(made.map((booking) => booking.overbooked)).toEqual([false, true]);
  });

  it("names every day a confirmation would overbook when the request asks one machine twice", async () => {
    const id = await lead();
    const solo = await machine("Wacker RD12", 1);
    const body = {
      state: "confirmat",
      items: [
        { product_uuid: solo.uuid, first_day: day(40), last_day: day(41) },
        { product_uuid: solo.uuid, first_day: day(41), last_day: day(42) },
      ],
    };
    const refusal = await json<{ error: { code: string; conflicts: OverbookedDay[] } }>(await bookLead(id, body), 409);
    expect(refusal.error.conflicts).toEqual([{ product_uuid: solo.uuid, day: day(41), fleet: 1, confirmed: 2 }]);
    expect(await json(await admin.call("GET", `/api/bookings?product=${solo.uuid}`), 200)).toEqual([]);
    const made = await json<BookingView[]>(await bookLead(id, { ...body, confirm_overbooking: true }), 201);
    expect(made.map((booking) => booking.overbooked)).toEqual([false, true]);
  });

  it("books tentatively without the rule, and answers each wrong field at its item", async () => {
    const id = await lead();
    const tentative = await json<BookingView[]>(
      await bookLead(id, { items: [{ product_uuid: excavator.uuid, first_day: day(9), last_day: day(9) }] }),
      201,
    );
    expect(tentative[0]?.state).toBe("tentativ");
    const errors = async (body: unknown) =>
      Object.fromEntries(
        (await json<{ errors: { msg: string; path: string }[] }>(await bookLead(id, body), 400)).errors.map((error) => [
          error.path,
          error.msg,
        ]),
      );
    expect(await errors({ items: [] })).toEqual({ items: "INVALID_LEAD_BOOKINGS" });
    expect(await errors({ items: "toate" })).toEqual({ items: "INVALID_LEAD_BOOKINGS" });
    expect(await errors({ items: [null, 3] })).toEqual({
      "items.0": "INVALID_LEAD_BOOKINGS",
      "items.1": "INVALID_LEAD_BOOKINGS",
    });
    expect(
      await errors({
        items: Array.from({ length: 11 }, () => ({ product_uuid: roller.uuid, first_day: day(1), last_day: day(1) })),
      }),
    ).toEqual({ items: "INVALID_LEAD_BOOKINGS" });
    expect(
      await errors({
        state: "anulat",
        items: [{ product_uuid: roller.uuid }, { product_uuid: randomUUID(), first_day: day(3), last_day: day(2) }],
      }),
    ).toEqual({
      state: "INVALID_BOOKING_STATE",
      "items.0.first_day": "REQUIRED_BOOKING_FIRST_DAY",
      "items.0.last_day": "REQUIRED_BOOKING_LAST_DAY",
      "items.1.last_day": "BOOKING_LAST_DAY_BEFORE_FIRST",
    });
    expect(await errors({ items: [{ product_uuid: randomUUID(), first_day: day(1), last_day: day(1) }] })).toEqual({
      "items.0.product_uuid": "UNKNOWN_BOOKING_PRODUCT",
    });
    expect(
      await errors({ items: [{ product_uuid: roller.uuid, units: 3, first_day: day(1), last_day: day(1) }] }),
    ).toEqual({
      "items.0.units": "BOOKING_UNITS_OVER_FLEET",
    });
    expect(await errors({ items: [{ product_uuid: roller.uuid, first_day: day(-1), last_day: day(1) }] })).toEqual({
      "items.0.first_day": "BOOKING_IN_THE_PAST",
    });
  });

  it("answers 404 for a request that does not exist, and keeps the bookings of one that is erased", async () => {
    const body = { items: [{ product_uuid: roller.uuid, first_day: day(30), last_day: day(30) }] };
    expect(await json(await bookLead(randomUUID(), body), 404)).toEqual(errorBody("ERROR_BOOK_CONTACT_REQUEST"));
    expect(await json(await bookLead("cerere", body), 404)).toEqual(errorBody("ERROR_BOOK_CONTACT_REQUEST"));
    const id = await lead();
    const [booking] = await json<BookingView[]>(await bookLead(id, body), 201);
    expect((await admin.call("DELETE", `/api/contact/requests/${id}`)).status).toBe(204);
    const kept = await json<BookingView>(await admin.call("GET", `/api/bookings/${booking?.uuid}`), 200);
    expect(kept).toMatchObject({ uuid: booking?.uuid, lead_uuid: null });
  });

  it("answers a booking made while its request is erased with its code, never a 500, on either database", async () => {
    const body = { items: [{ product_uuid: roller.uuid, first_day: day(40), last_day: day(40) }] };
    const linked = (leadId: string) => ({
      product_uuid: roller.uuid,
      first_day: day(41),
      last_day: day(41),
      lead_uuid: leadId,
    });
    for (let round = 0; round < 10; round += 1) {
      const [first, second] = [await lead(), await lead()];
      const [fromRequest, erased, withLink, erasedToo] = await Promise.all([
        bookLead(first, body),
        admin.call("DELETE", `/api/contact/requests/${first}`),
        admin.call("POST", "/api/bookings", linked(second)),
        admin.call("DELETE", `/api/contact/requests/${second}`),
      ]);
      expect([erased.status, erasedToo.status]).toEqual([204, 204]);
      if (fromRequest.status === 201) {
        const [booking] = await json<BookingView[]>(fromRequest, 201);
        // Made before the erasure: kept, without its link.
        const kept = await json<BookingView>(await admin.call("GET", `/api/bookings/${booking?.uuid}`), 200);
        expect(kept.lead_uuid).toBeNull();
      } else expect(await json(fromRequest, 404)).toEqual(errorBody("ERROR_BOOK_CONTACT_REQUEST"));
      if (withLink.status !== 201)
        expect(await json(withLink, 400)).toEqual({ errors: [{ msg: "UNKNOWN_BOOKING_LEAD", path: "lead_uuid" }] });
    }
  });

  it("answers the availability call's wrong questions with their codes", async () => {
    const codes = async (query: string) =>
      (
        await json<{ errors: { msg: string }[] }>(await admin.call("GET", `/api/bookings/availability?${query}`), 400)
      ).errors.map((error) => error.msg);
    expect(await codes(`product=${randomUUID()}&from=${day(1)}&to=${day(2)}`)).toEqual(["UNKNOWN_BOOKING_PRODUCT"]);
    expect(await codes(`product=x&from=${day(1)}&to=${day(2)}`)).toEqual(["UNKNOWN_BOOKING_PRODUCT"]);
    expect(await codes(`product=${roller.uuid}&from=ieri&to=${day(2)}`)).toEqual(["INVALID_AVAILABILITY_DAY"]);
    expect(await codes(`product=${roller.uuid}&from=${day(2)}&to=${day(1)}`)).toEqual([
      "AVAILABILITY_LAST_DAY_BEFORE_FIRST",
    ]);
    expect(await codes(`product=${roller.uuid}&from=${day(0)}&to=${day(366)}`)).toEqual([
      "AVAILABILITY_RANGE_TOO_LONG",
    ]);
  });
});
