import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingView, OverbookedDay } from "../../common/bookings/booking-schemas.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { RevisionPage } from "../../common/revisions/revision-schemas.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { availabilityOf, productsFreeThroughout } from "../../server/bookings/availability.ts";
import { catalogueVersion } from "../../server/db/repositories/app-state.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { createCategory, createProduct, json, productBody, versionOf } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { createTestDatabase, startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * The fleet's bookings over real HTTP on either database (TEST_DIALECT; decision 070): units on the
 * machine, every code of the booking calls, the overbooking rule and its race (on one instance and
 * on two sharing the database), cancel keeping the row, and the availability read.
 */

const admin = withAdminServer();

type Body = Record<string, unknown>;

const today = romanianDay();
/** A day `n` days from today. */
const day = (n: number) => addDays(today, n);

let category: CategoryView;
let counter = 0;

async function machine(units?: number): Promise<ProductView> {
  counter += 1;
  const created = await createProduct(
    admin.server,
    admin.token,
    await productBody(category.name, `Excavator Test ${counter}`, 0),
  );
  if (units === undefined) return created;
  const body = { ...(await productBody(category.name, created.model, 0)), uuid: created.uuid, units };
  return json<ProductView>(await admin.call("PUT", "/api/product/update", body), 200);
}

const book = (body: Body | string) => admin.call("POST", "/api/bookings", body);
const booked = async (body: Body) => json<BookingView>(await book(body), 201);
const change = (id: string, body: Body) => admin.call("PUT", `/api/bookings/${id}`, body);

/** The codes of a 400's `errors`, by field. */
async function fieldErrors(response: Response): Promise<Record<string, string>> {
  const body = await json<{ errors: { msg: string; path: string }[] }>(response, 400);
  return Object.fromEntries(body.errors.map((error) => [error.path, error.msg]));
}

beforeAll(async () => {
  category = await createCategory(admin.server, admin.token, "Excavatoare rezervari");
});

describe("units in the fleet on the machine", () => {
  it("are 1 for a machine saved without them, set by an update, kept by one that leaves them out", async () => {
    const created = await machine();
    expect(created.units).toBe(1);
    const three = await machine(3);
    expect(three.units).toBe(3);
    const body = { ...(await productBody(category.name, three.model, 0)), uuid: three.uuid };
    const kept = await json<ProductView>(await admin.call("PUT", "/api/product/update", body), 200);
    expect(kept.units).toBe(3);
    const zero = await json<ProductView>(await admin.call("PUT", "/api/product/update", { ...body, units: 0 }), 200);
    expect(zero.units).toBe(0);
  });

  it("refuses units that are not a whole number from 0 to 999", async () => {
    const product = await machine();
    const body = { ...(await productBody(category.name, product.model, 0)), uuid: product.uuid };
    for (const units of [-1, 1000, 2.5, "3", null]) {
      const response = await admin.call("PUT", "/api/product/update", { ...body, units });
      expect(await fieldErrors(response), String(units)).toEqual({ units: "INVALID_PRODUCT_UNITS" });
    }
  });
});

describe("booking writes and reads", () => {
  it("creates a booking, reads it, lists it by range, machine, category and state, and renews the pages", async () => {
    const product = await machine(2);
    const before = await versionOf(admin.server);
    const booking = await booked({
      product_uuid: product.uuid.toUpperCase(),
      units: 2,
      first_day: day(3),
      last_day: day(5),
      note: "Santier Cluj\nsosire 8:00",
    });
    expect(booking).toMatchObject({
      product_uuid: product.uuid,
      product_model: product.model,
      category_uuid: category.uuid,
      units: 2,
      first_day: day(3),
      last_day: day(5),
      state: "tentativ",
      overbooked: false,
      note: "Santier Cluj\nsosire 8:00",
      lead_uuid: null,
      version: 1,
    });
    expect(await versionOf(admin.server)).toBeGreaterThan(before);
    expect(await json<BookingView>(await admin.call("GET", `/api/bookings/${booking.uuid}`), 200)).toEqual(booking);
    const list = async (query: string) =>
      (await json<BookingView[]>(await admin.call("GET", `/api/bookings?${query}`), 200)).map((item) => item.uuid);
    expect(await list(`from=${day(5)}&to=${day(9)}&product=${product.uuid}`)).toEqual([booking.uuid]);
    expect(await list(`from=${day(6)}&to=${day(9)}&product=${product.uuid}`)).toEqual([]);
    expect(await list(`from=${day(0)}&to=${day(3)}&category=${category.uuid}`)).toContain(booking.uuid);
    expect(await list(`product=${product.uuid}&state=confirmat`)).toEqual([]);
    expect(await list(`product=${product.uuid}&state=tentativ`)).toEqual([booking.uuid]);
  });

  it("answers each wrong field with its code", async () => {
    const product = await machine(1);
    const valid = { product_uuid: product.uuid, first_day: day(1), last_day: day(2) };
    const cases: [Body, Record<string, string>][] = [
      [{ ...valid, product_uuid: undefined }, { product_uuid: "REQUIRED_BOOKING_PRODUCT" }],
      [{ ...valid, product_uuid: "excavator" }, { product_uuid: "UNKNOWN_BOOKING_PRODUCT" }],
      [{ ...valid, product_uuid: randomUUID() }, { product_uuid: "UNKNOWN_BOOKING_PRODUCT" }],
      [{ ...valid, units: 0 }, { units: "INVALID_BOOKING_UNITS" }],
      [{ ...valid, units: 1.5 }, { units: "INVALID_BOOKING_UNITS" }],
      [{ ...valid, units: "1" }, { units: "INVALID_BOOKING_UNITS" }],
      [{ ...valid, units: 2 }, { units: "BOOKING_UNITS_OVER_FLEET" }],
      [{ ...valid, first_day: undefined }, { first_day: "REQUIRED_BOOKING_FIRST_DAY" }],
      [{ ...valid, first_day: "2027-02-30" }, { first_day: "INVALID_BOOKING_FIRST_DAY" }],
      [{ ...valid, last_day: null }, { last_day: "REQUIRED_BOOKING_LAST_DAY" }],
      [{ ...valid, last_day: "mâine" }, { last_day: "INVALID_BOOKING_LAST_DAY" }],
      [{ ...valid, last_day: day(0) }, { last_day: "BOOKING_LAST_DAY_BEFORE_FIRST" }],
      [{ ...valid, last_day: addDays(day(1), 366) }, { last_day: "BOOKING_RANGE_TOO_LONG" }],
      [{ ...valid, first_day: day(-1) }, { first_day: "BOOKING_IN_THE_PAST" }],
      [{ ...valid, state: "anulat" }, { state: "INVALID_BOOKING_STATE" }],
      [{ ...valid, note: "a".repeat(1001) }, { note: "INVALID_BOOKING_NOTE" }],
      [{ ...valid, note: "ascuns\u202edin dreapta" }, { note: "INVALID_BOOKING_NOTE" }],
      [{ ...valid, lead_uuid: "cerere" }, { lead_uuid: "INVALID_BOOKING_LEAD" }],
      [{ ...valid, lead_uuid: randomUUID() }, { lead_uuid: "UNKNOWN_BOOKING_LEAD" }],
      [{ ...valid, confirm_overbooking: "da" }, { confirm_overbooking: "INVALID_BOOKING_CONFIRM_OVERBOOKING" }],
    ];
    for (const [body, expected] of cases)
      expect(await fieldErrors(await book(body)), JSON.stringify(body)).toEqual(expected);
    // The longest booking: 366 days, both counted; today is not the past.
    await booked({ ...valid, first_day: day(0), last_day: addDays(day(0), 365) });
  });

  it("never moves a booking to start in the past", async () => {
    const product = await machine(1);
    const booking = await booked({ product_uuid: product.uuid, first_day: day(3), last_day: day(4) });
    expect(await fieldErrors(await change(booking.uuid, { first_day: "2020-01-01", last_day: "2020-01-02" }))).toEqual({
      first_day: "BOOKING_IN_THE_PAST",
    });
    expect(await fieldErrors(await change(booking.uuid, { first_day: day(-1) }))).toEqual({
      first_day: "BOOKING_IN_THE_PAST",
    });
    // Its days and anything else may still change from today on.
    await json(await change(booking.uuid, { first_day: day(0), note: "mutata" }), 200);
  });

  it("keeps a note with markup as text, sent back as JSON", async () => {
    const product = await machine(1);
    const note = '<script>alert("x")</script> & <b>1</b>';
    const response = await book({ product_uuid: product.uuid, first_day: day(1), last_day: day(1), note });
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await json<BookingView>(response, 201)).note).toBe(note);
  });

  it("refuses a call without the admin's token, a body that is not JSON, and a body over the limit", async () => {
    const product = await machine(1);
    const body = JSON.stringify({ product_uuid: product.uuid, first_day: day(1), last_day: day(1) });
    expect((await callJson(admin.server, "POST", "/api/bookings", body)).status).toBe(401);
    expect((await callJson(admin.server, "GET", "/api/bookings")).status).toBe(401);
    const plain = await admin.server.fetch("/api/bookings", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "text/plain" },
      body,
    });
    expect(plain.status).toBe(415);
    const huge = await book({
      product_uuid: product.uuid,
      first_day: day(1),
      last_day: day(1),
      note: "a".repeat(70_000),
    });
    expect(huge.status).toBe(413);
    const deep = await book(`${"[".repeat(5000)}${"]".repeat(5000)}`);
    expect(deep.status).toBe(400);
    expect(await admin.call("GET", `/api/bookings?product=${product.uuid}`).then((r) => r.json())).toEqual([]);
  });

  it("answers an unknown booking 404 with each call's code, and a wrong filter 400", async () => {
    const id = randomUUID();
    expect(await json(await admin.call("GET", `/api/bookings/${id}`), 404)).toEqual(errorBody("ERROR_GET_BOOKING"));
    expect(await json(await admin.call("GET", "/api/bookings/nu-e-un-id"), 404)).toEqual(
      errorBody("ERROR_GET_BOOKING"),
    );
    expect(await json(await change(id, { units: 1 }), 404)).toEqual(errorBody("ERROR_UPDATE_BOOKING"));
    expect(await json(await admin.call("POST", `/api/bookings/${id}/cancel`, {}), 404)).toEqual(
      errorBody("ERROR_CANCEL_BOOKING"),
    );
    for (const query of [
      "from=2027-13-01",
      `to=${day(3)}`,
      `from=${day(3)}&to=${day(2)}`,
      `from=${day(0)}&to=${day(366)}`,
      "product=1",
      "state=rezervat",
    ]) {
      expect((await admin.call("GET", `/api/bookings?${query}`)).status, query).toBe(400);
    }
  });

  it("changes days, units, state and note; checks the range that results; refuses a save on an old version", async () => {
    const product = await machine(3);
    const booking = await booked({ product_uuid: product.uuid, first_day: day(2), last_day: day(4) });
    const moved = await json<BookingView>(
      await change(booking.uuid, { first_day: day(5), last_day: day(8), units: 2, note: "mutat", version: 1 }),
      200,
    );
    expect(moved).toMatchObject({ first_day: day(5), last_day: day(8), units: 2, note: "mutat", version: 2 });
    expect(await fieldErrors(await change(booking.uuid, { last_day: day(4) }))).toEqual({
      last_day: "BOOKING_LAST_DAY_BEFORE_FIRST",
    });
    expect(await fieldErrors(await change(booking.uuid, { units: 4 }))).toEqual({ units: "BOOKING_UNITS_OVER_FLEET" });
    const stale = await json<{ error: { code: string; current: BookingView } }>(
      await change(booking.uuid, { units: 1, version: 1 }),
      409,
    );
    expect(stale.error.code).toBe("ERROR_EDIT_CONFLICT");
    expect(stale.error.current).toEqual(moved);
  });

  it("cancels a booking and keeps it as anulat; it takes no units any more", async () => {
    const product = await machine(1);
    const booking = await booked({
      product_uuid: product.uuid,
      state: "confirmat",
      first_day: day(2),
      last_day: day(3),
    });
    const refused = await book({ product_uuid: product.uuid, state: "confirmat", first_day: day(3), last_day: day(3) });
    expect(refused.status).toBe(409);
    const cancelled = await json<BookingView>(
      await admin.call("POST", `/api/bookings/${booking.uuid}/cancel`, { version: booking.version }),
      200,
    );
    expect(cancelled).toMatchObject({ state: "anulat", uuid: booking.uuid, version: 2 });
    expect(await json(await admin.call("GET", `/api/bookings/${booking.uuid}`), 200)).toEqual(cancelled);
    // Cancelled again (a double click): nothing changes, not its version, the log or the pages' version.
    const { db } = admin.server.services;
    const before = {
      version: await catalogueVersion(db),
      log: await db.selectFrom("activity_log").selectAll().execute(),
    };
    for (const body of [{ version: booking.version }, {}])
      expect(await json(await admin.call("POST", `/api/bookings/${booking.uuid}/cancel`, body), 200)).toEqual(
        cancelled,
      );
    expect({
      version: await catalogueVersion(db),
      log: await db.selectFrom("activity_log").selectAll().execute(),
    }).toEqual(before);
    const listed = await json<BookingView[]>(
      await admin.call("GET", `/api/bookings?product=${product.uuid}&state=anulat`),
      200,
    );
    expect(listed.map((item) => item.uuid)).toEqual([booking.uuid]);
    await booked({ product_uuid: product.uuid, state: "confirmat", first_day: day(3), last_day: day(3) });
    const days = (await availabilityOf(admin.server.services, [product.uuid], day(2), day(3))).get(product.uuid);
    expect(days).toEqual([
      { day: day(2), state: "free" },
      { day: day(3), state: "booked" },
    ]);
  });
});

describe("a revision's restore below the confirmed bookings", () => {
  it("is refused with the days, and saved with confirm_overbooking, the bookings marked overbooked", async () => {
    const product = await machine(3);
    const booking = await booked({
      product_uuid: product.uuid,
      state: "confirmat",
      units: 3,
      first_day: day(2),
      last_day: day(3),
    });
    const { items } = await json<RevisionPage>(
      await admin.call("GET", `/api/revisions?kind=product&item=${product.uuid}`),
      200,
    );
    const created = items.find((item) => item.action === "create");
    const restore = (body: Body) => admin.call("POST", `/api/revisions/${created?.id}/restore`, body);
    const refused = await json<{ error: { code: string; conflicts: unknown[] } }>(
      await restore({ version: product.version }),
      409,
    );
    expect(refused.error.code).toBe("PRODUCT_UNITS_BELOW_BOOKINGS");
    expect(refused.error.conflicts).toHaveLength(2);
    await json(await restore({ version: product.version, confirm_overbooking: true }), 200);
    expect(await json<BookingView>(await admin.call("GET", `/api/bookings/${booking.uuid}`), 200)).toMatchObject({
      overbooked: true,
    });
  });
});

describe("the activity log", () => {
  it("has one entry per booking written, changed and cancelled, and for a renewed feed, never a note or a token", async () => {
    const product = await machine(2);
    const booking = await booked({
      product_uuid: product.uuid,
      units: 1,
      first_day: day(2),
      last_day: day(4),
      state: "confirmat",
      note: "Client Ionescu 0722123456",
    });
    await json(await change(booking.uuid, { last_day: day(6), units: 2 }), 200);
    await json(await admin.call("POST", `/api/bookings/${booking.uuid}/cancel`, {}), 200);
    const { path } = await json<{ path: string }>(await admin.call("POST", "/api/bookings/feed/renew"), 200);
    const entries = await admin.server.services.db
      .selectFrom("activity_log")
      .select(["action", "kind", "item_id", "item_name", "summary"])
      .where("kind", "in", ["booking", "configuration"])
      .orderBy("at")
      .orderBy("id")
      .execute();
    const ofBooking = entries.filter((entry) => entry.item_id === booking.uuid);
    expect(ofBooking.map((entry) => [entry.action, entry.summary])).toEqual([
      ["create", "Rezervare confirmata adaugata"],
      ["update", "Modificat: zilele, unitatile"],
      ["cancel", "Rezervare anulata"],
    ]);
    expect(ofBooking[0]?.item_name).toBe(`${product.model} x1, ${day(2)} – ${day(4)}`);
    expect(entries.at(-1)).toMatchObject({
      action: "update",
      kind: "configuration",
      item_name: "Calendarul rezervarilor",
    });
    const token = path.split("/").at(-2) ?? "";
    const written = JSON.stringify(await admin.server.services.db.selectFrom("activity_log").selectAll().execute());
    expect(written).not.toContain("Ionescu");
    expect(written).not.toContain(token);
  });
});

describe("the overbooking rule", () => {
  it("takes the overbooked mark off once the booking it went beyond is cancelled or moved away", async () => {
    const product = await machine(1);
    const confirmed = { product_uuid: product.uuid, state: "confirmat" };
    const first = await booked({ ...confirmed, first_day: day(40), last_day: day(41) });
    const second = await booked({ ...confirmed, first_day: day(41), last_day: day(42), confirm_overbooking: true });
    const third = await booked({ ...confirmed, first_day: day(50), last_day: day(51) });
    const fourth = await booked({ ...confirmed, first_day: day(51), last_day: day(51), confirm_overbooking: true });
    const flag = async (booking: BookingView) =>
      (await json<BookingView>(await admin.call("GET", `/api/bookings/${booking.uuid}`), 200)).overbooked;
    expect([await flag(second), await flag(fourth)]).toEqual([true, true]);
    await json(await admin.call("POST", `/api/bookings/${first.uuid}/cancel`, {}), 200);
    expect(await flag(second)).toBe(false);
    await json(await change(third.uuid, { first_day: day(52), last_day: day(53) }), 200);
    expect(await flag(fourth)).toBe(false);
  });

  it("refuses a confirmation beyond the fleet with the days in conflict, unless confirmed knowingly", async () => {
    const product = await machine(2);
    await booked({ product_uuid: product.uuid, units: 2, state: "confirmat", first_day: day(10), last_day: day(12) });
    // A tentative booking is no promise: it is taken, and never counts against a confirmation.
    const held = await booked({ product_uuid: product.uuid, state: "tentativ", first_day: day(11), last_day: day(14) });
    const response = await book({
      product_uuid: product.uuid,
      state: "confirmat",
      first_day: day(12),
      last_day: day(13),
    });
    const refusal = await json<{ error: { code: string; message: string; conflicts: OverbookedDay[] } }>(response, 409);
    expect(refusal.error.code).toBe("BOOKING_OVERBOOKED");
    expect(refusal.error.conflicts).toEqual([{ product_uuid: product.uuid, day: day(12), fleet: 2, confirmed: 3 }]);
    const knowingly = await booked({
      product_uuid: product.uuid,
      state: "confirmat",
      first_day: day(12),
      last_day: day(13),
      confirm_overbooking: true,
    });
    expect(knowingly.overbooked).toBe(true);
    // Confirming the tentative one goes beyond the fleet on days 11 and 12 (on 13 it makes 2 of 2).
    const confirm = await json<{ error: { conflicts: OverbookedDay[] } }>(
      await change(held.uuid, { state: "confirmat" }),
      409,
    );
    expect(confirm.error.conflicts.map((conflict) => conflict.day)).toEqual([day(11), day(12)]);
    const stored = await json<BookingView>(await admin.call("GET", `/api/bookings/${held.uuid}`), 200);
    expect(stored).toMatchObject({ state: "tentativ", version: 1 });
  });

  it("lets exactly one of 8 confirmations of the last unit at the same moment through", async () => {
    const product = await machine(1);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        book({ product_uuid: product.uuid, state: "confirmat", first_day: day(20), last_day: day(22) }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const confirmed = await json<BookingView[]>(await admin.call("GET", `/api/bookings?product=${product.uuid}`), 200);
    expect(confirmed).toHaveLength(1);
  });
});

describe("a lowered fleet", () => {
  const lower = async (product: ProductView, units: number, extra: Body = {}) =>
    admin.call("PUT", "/api/product/update", {
      ...(await productBody(category.name, product.model, 0)),
      uuid: product.uuid,
      units,
      ...extra,
    });
  const unitsOf = async (product: ProductView) =>
    (await json<ProductView>(await admin.server.fetch(`/api/product/details/${product.uuid}`), 200)).units;

  it("is refused below what confirmed bookings take on some day, with those days, unless confirmed knowingly", async () => {
    const product = await machine(3);
    const confirmed = { product_uuid: product.uuid, state: "confirmat" };
    const wide = await booked({ ...confirmed, units: 2, first_day: day(2), last_day: day(4) });
    const narrow = await booked({ ...confirmed, units: 1, first_day: day(4), last_day: day(6) });
    // A tentative booking is no promise: it never counts against the fleet.
    const held = await booked({
      product_uuid: product.uuid,
      units: 3,
      state: "tentativ",
      first_day: day(9),
      last_day: day(9),
    });

    const refusal = await json<{ error: { code: string; message: string; conflicts: OverbookedDay[] } }>(
      await lower(product, 2),
      409,
    );
    expect(refusal.error.code).toBe("PRODUCT_UNITS_BELOW_BOOKINGS");
    expect(refusal.error.conflicts).toEqual([{ product_uuid: product.uuid, day: day(4), fleet: 2, confirmed: 3 }]);
    expect(await unitsOf(product)).toBe(3);
    expect(await fieldErrors(await lower(product, 2, { confirm_overbooking: "da" }))).toEqual({
      confirm_overbooking: "INVALID_PRODUCT_CONFIRM_OVERBOOKING",
    });

    expect((await json<ProductView>(await lower(product, 2, { confirm_overbooking: true }), 200)).units).toBe(2);
    const flag = async (booking: BookingView) =>
      (await json<BookingView>(await admin.call("GET", `/api/bookings/${booking.uuid}`), 200)).overbooked;
    expect([await flag(wide), await flag(narrow), await flag(held)]).toEqual([true, true, false]);
    // Raising it, or lowering it to what the bookings still fit, asks nothing.
    expect((await json<ProductView>(await lower(product, 3), 200)).units).toBe(3);
  });

  it("and a confirmation of its last unit at the same moment: exactly one of the two goes through", async () => {
    const product = await machine(2);
    const confirmed = { product_uuid: product.uuid, state: "confirmat", first_day: day(30), last_day: day(31) };
    await booked(confirmed);
    const [lowered, booking] = await Promise.all([lower(product, 1), book(confirmed)]);
    expect([lowered.status, booking.status].sort()).toEqual(lowered.status === 200 ? [200, 409] : [201, 409]);
    const codes = [lowered, booking].filter((reply) => reply.status === 409);
    const code = (await json<{ error: { code: string } }>(codes[0] as Response, 409)).error.code;
    expect(["PRODUCT_UNITS_BELOW_BOOKINGS", "BOOKING_OVERBOOKED"]).toContain(code);
    // Whichever won, the fleet holds what is confirmed.
    const taken = (await json<BookingView[]>(await admin.call("GET", `/api/bookings?product=${product.uuid}`), 200))
      .filter((item) => item.state === "confirmat")
      .reduce((sum, item) => sum + item.units, 0);
    expect(taken).toBeLessThanOrEqual(await unitsOf(product));
  });
});

describe("availability", () => {
  it("gives each day free, partly, booked or on request, from tentative and confirmed bookings, never cancelled ones", async () => {
    const fleet = await machine(2);
    const onRequest = await machine(0);
    const untouched = await machine(1);
    await booked({ product_uuid: fleet.uuid, units: 1, state: "tentativ", first_day: day(30), last_day: day(31) });
    await booked({ product_uuid: fleet.uuid, units: 1, state: "confirmat", first_day: day(31), last_day: day(32) });
    const gone = await booked({ product_uuid: fleet.uuid, units: 2, first_day: day(33), last_day: day(33) });
    await admin.call("POST", `/api/bookings/${gone.uuid}/cancel`, {});
    const ids = [fleet.uuid, onRequest.uuid, untouched.uuid, randomUUID()];
    const availability = await availabilityOf(admin.server.services, ids, day(29), day(33));
    expect([...availability.keys()].sort()).toEqual([fleet.uuid, onRequest.uuid, untouched.uuid].sort());
    expect(availability.get(fleet.uuid)?.map((entry) => entry.state)).toEqual([
      "free",
      "partly",
      "booked",
      "partly",
      "free",
    ]);
    expect(availability.get(fleet.uuid)?.map((entry) => entry.day)).toEqual([29, 30, 31, 32, 33].map(day));
    expect(new Set(availability.get(onRequest.uuid)?.map((entry) => entry.state))).toEqual(new Set(["on-request"]));
    expect(new Set(availability.get(untouched.uuid)?.map((entry) => entry.state))).toEqual(new Set(["free"]));
    expect(await productsFreeThroughout(admin.server.services, ids, day(29), day(30))).toEqual(
      new Set([fleet.uuid, untouched.uuid]),
    );
    expect(await productsFreeThroughout(admin.server.services, ids, day(30), day(32))).toEqual(
      new Set([untouched.uuid]),
    );
  });
});

describe("two instances on one database", () => {
  let first: TestServer;
  let second: TestServer;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database?.drop;
    first = await startTestServer(database ? { DATABASE_URL: database.url } : {});
    // On SQLite the second instance opens the same file: another connection, another process's view.
    second = await startTestServer(
      database ? { DATABASE_URL: database.url } : { DATA_DIR: first.services.config.DATA_DIR },
    );
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await dropDatabase?.();
  });

  it("lets exactly one of 8 confirmations of the last unit, sent to both at once, through", async () => {
    const { token } = await loginAsAdmin(first);
    const own = await createCategory(first, token, "Nacele");
    const product = await createProduct(first, token, await productBody(own.name, "Nacela 12", 0));
    const body = { product_uuid: product.uuid, state: "confirmat", first_day: day(40), last_day: day(41) };
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        callJson(index % 2 === 0 ? first : second, "POST", "/api/bookings", body, token),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const listed = await json<BookingView[]>(
      await callJson(second, "GET", `/api/bookings?product=${product.uuid}`, undefined, token),
      200,
    );
    expect(listed).toHaveLength(1);
  });
});
