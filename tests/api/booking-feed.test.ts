import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { BookingView } from "../../common/bookings/booking-schemas.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createCategory, createProduct, json, productBody } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { storeLead } from "../fixtures/leads.ts";

/**
 * The bookings' iCalendar feed (decision 071) over real HTTP on either database: read by a parser
 * (ical.js), all-day events with an exclusive end and stable UIDs, the whole fleet or one machine,
 * and a renewed address that ends the old one at once.
 */

const admin = withAdminServer();
const today = romanianDay();
const day = (n: number) => addDays(today, n);

let category: CategoryView;
let excavator: ProductView;
let lift: ProductView;

async function machine(model: string, units: number): Promise<ProductView> {
  const created = await createProduct(admin.server, admin.token, await productBody(category.name, model, 0));
  const body = { ...(await productBody(category.name, model, 0)), uuid: created.uuid, units };
  return json<ProductView>(await admin.call("PUT", "/api/product/update", body), 200);
}

const book = async (body: Record<string, unknown>) =>
  json<BookingView>(await admin.call("POST", "/api/bookings", body), 201);
const renew = async () =>
  (await json<{ path: string }>(await admin.call("POST", "/api/bookings/feed/renew"), 200)).path;

/** The feed's events as a calendar client reads them. */
async function events(path: string): Promise<ICAL.Component[]> {
  const response = await admin.server.fetch(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  expect(calendar.name).toBe("vcalendar");
  return calendar.getAllSubcomponents("vevent");
}

const field = (event: ICAL.Component, name: string) => String(event.getFirstPropertyValue(name));

beforeAll(async () => {
  category = await createCategory(admin.server, admin.token, "Calendar");
  excavator = await machine("CAT 320 calendar", 2);
  lift = await machine("Nacela 20 calendar", 1);
});

describe("the calendar feed", () => {
  it("has no address until one is made, and refuses any token meanwhile", async () => {
    expect(await json(await admin.call("GET", "/api/bookings/feed"), 200)).toEqual({ active: false });
    const guess = await admin.server.fetch(`/api/bookings/feed/${"a".repeat(43)}/rezervari.ics`);
    expect(await json(guess, 404)).toEqual(errorBody("ERROR_BOOKING_FEED"));
  });

  it("gives each booking as an all-day event a parser reads, for the fleet or one machine", async () => {
    const { id: leadId } = await storeLead(admin.server.services.db, new Date());
    const confirmed = await book({
      product_uuid: excavator.uuid,
      units: 2,
      state: "confirmat",
      first_day: day(3),
      last_day: day(7),
      note: "Santier; Cluj, etaj 2",
      lead_uuid: leadId,
    });
    const tentative = await book({ product_uuid: lift.uuid, first_day: day(10), last_day: day(10) });
    const cancelled = await book({ product_uuid: lift.uuid, first_day: day(12), last_day: day(12) });
    await admin.call("POST", `/api/bookings/${cancelled.uuid}/cancel`, {});
    const path = await renew();
    expect(path).toMatch(/^\/api\/bookings\/feed\/[A-Za-z0-9_-]{43}\/rezervari\.ics$/);
    expect(await json(await admin.call("GET", "/api/bookings/feed"), 200)).toEqual({ active: true });

    const all = await events(path);
    expect(all.map((event) => field(event, "uid")).sort()).toEqual(
      [`${confirmed.uuid}@utilaje`, `${tentative.uuid}@utilaje`].sort(),
    );
    const first = all.find((event) => field(event, "uid") === `${confirmed.uuid}@utilaje`);
    if (!first) throw new Error("the confirmed booking is not in the feed");
    const start = first.getFirstPropertyValue("dtstart") as ICAL.Time;
    const end = first.getFirstPropertyValue("dtend") as ICAL.Time;
    expect([start.isDate, end.isDate]).toEqual([true, true]);
    // DTEND is exclusive: the day after the last.
    expect([start.toString(), end.toString()]).toEqual([day(3), day(8)]);
    expect(field(first, "summary")).toBe("CAT 320 calendar x2 (confirmat)");
    expect(field(first, "status")).toBe("CONFIRMED");
    expect(field(first, "description")).toBe(`Santier; Cluj, etaj 2\n\nCerere: ${leadId}`);
    expect(JSON.stringify(all.map((event) => event.toJSON()))).not.toContain("Popescu");

    const one = await events(`${path}?product=${lift.uuid.toUpperCase()}`);
    expect(one.map((event) => [field(event, "uid"), field(event, "summary"), field(event, "status")])).toEqual([
      [`${tentative.uuid}@utilaje`, "Nacela 20 calendar x1 (tentativ)", "TENTATIVE"],
    ]);
    expect(await events(`${path}?product=nimic`)).toEqual([]);
  });

  it("keeps an event's UID when its booking changes, and stops the old address at once when renewed", async () => {
    const booking = await book({ product_uuid: lift.uuid, first_day: day(20), last_day: day(21) });
    const old = await renew();
    const before = (await events(old)).find((event) => field(event, "uid") === `${booking.uuid}@utilaje`);
    expect(before).toBeDefined();
    await json(
      await admin.call("PUT", `/api/bookings/${booking.uuid}`, { first_day: day(22), last_day: day(23) }),
      200,
    );
    const fresh = await renew();
    expect(fresh).not.toBe(old);
    expect(await json(await admin.server.fetch(old), 404)).toEqual(errorBody("ERROR_BOOKING_FEED"));
    const moved = (await events(fresh)).find((event) => field(event, "uid") === `${booking.uuid}@utilaje`);
    expect((moved?.getFirstPropertyValue("dtstart") as ICAL.Time).toString()).toBe(day(22));
    expect(field(moved as ICAL.Component, "sequence")).toBe("1");
    const token = fresh.split("/").at(-2) ?? "";
    for (const wrong of [`${token}x`, token.slice(1), "", "x".repeat(43)])
      expect((await admin.server.fetch(`/api/bookings/feed/${wrong}/rezervari.ics`)).status, wrong).toBe(404);
  });

  it("makes and reads the address only with the admin's token", async () => {
    expect((await admin.server.fetch("/api/bookings/feed/renew", { method: "POST" })).status).toBe(401);
    expect((await admin.server.fetch("/api/bookings/feed")).status).toBe(401);
  });
});
