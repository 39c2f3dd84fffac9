import { describe, expect, it } from "vitest";
import type { ConfigurationEntry, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { json } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";

/**
 * GET /api/availability: a machine's day states for visitors (the quote list's warnings), every
 * refusal with its code, nothing of a booking, off with the configuration's switch.
 */

const admin = withAdminServer({ SEED_DEMO: "true" });
const today = romanianDay();
const NOTE = "NOTA-PRIVATA Popescu Instal, 0733 999 888";

async function machine(model: string): Promise<ProductView & { units: number }> {
  const products = await json<(ProductView & { units: number })[]>(await admin.server.fetch("/api/product"), 200);
  const found = products.find((product) => product.model === model);
  if (!found) throw new Error(`The demo catalogue has no ${model}`);
  return found;
}

const ask = (query: string, init?: RequestInit) => admin.server.fetch(`/api/availability?${query}`, init);

describe("GET /api/availability", () => {
  it("gives each day's state and nothing of the bookings", async () => {
    const kubota = await machine("Kubota KX057-5");
    const response = await admin.call("POST", "/api/bookings", {
      product_uuid: kubota.uuid,
      units: Math.max(1, kubota.units),
      first_day: addDays(today, 40),
      last_day: addDays(today, 41),
      state: "tentativ",
      note: NOTE,
      confirm_overbooking: true,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const reply = await ask(`product=${kubota.uuid.toUpperCase()}&from=${addDays(today, 39)}&to=${addDays(today, 42)}`);
    expect(reply.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(reply.headers.get("etag")).toBeTruthy();
    const body = await json<{ product: string; days: { day: string; state: string }[] }>(reply, 200);
    expect(body.product).toBe(kubota.uuid);
    expect(body.days.map(({ day }) => day)).toEqual([39, 40, 41, 42].map((offset) => addDays(today, offset)));
    expect(body.days[1]?.state).toBe("booked");
    expect(body.days[2]?.state).toBe("booked");
    expect(body.days.every((day) => Object.keys(day).join() === "day,state")).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/NOTA-PRIVATA|tentativ|Popescu/);
  });

  it("tells nothing of the days before today", async () => {
    const kubota = await machine("Kubota KX057-5");
    const days = async (from: string, to: string) =>
      (await json<{ days: { day: string }[] }>(await ask(`product=${kubota.uuid}&from=${from}&to=${to}`), 200)).days;
    expect((await days(addDays(today, -30), addDays(today, 1))).map(({ day }) => day)).toEqual([
      today,
      addDays(today, 1),
    ]);
    expect(await days("2020-01-01", "2020-12-31")).toEqual([]);
  });

  it("refuses a query that is not a machine and a range of days, each with its code", async () => {
    const kubota = (await machine("Kubota KX057-5")).uuid;
    const cases: [string, { msg: string; path: string }[]][] = [
      [`from=${today}&to=${today}`, [{ msg: "REQUIRED_AVAILABILITY_PRODUCT", path: "product" }]],
      [`product=abc&from=${today}&to=${today}`, [{ msg: "UNKNOWN_AVAILABILITY_PRODUCT", path: "product" }]],
      [`product=${kubota}&from=2026-02-30&to=${today}`, [{ msg: "INVALID_AVAILABILITY_DAY", path: "from" }]],
      [
        `product=${kubota}&from=${today}&to=%3Cscript%3Ealert(1)%3C%2Fscript%3E`,
        [{ msg: "INVALID_AVAILABILITY_DAY", path: "to" }],
      ],
      [
        `product=${kubota}&from=${addDays(today, 5)}&to=${today}`,
        [{ msg: "AVAILABILITY_LAST_DAY_BEFORE_FIRST", path: "to" }],
      ],
      [
        `product=${kubota}&from=${today}&to=${addDays(today, 366)}`,
        [{ msg: "AVAILABILITY_RANGE_TOO_LONG", path: "to" }],
      ],
    ];
    for (const [query, errors] of cases) expect(await json(await ask(query), 400), query).toEqual({ errors });
    // 366 days are allowed.
    expect((await ask(`product=${kubota}&from=${today}&to=${addDays(today, 365)}`)).status).toBe(200);
  });

  it("answers 404 for a machine that does not exist, and for every machine while the site hides availability", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await json(await ask(`product=${unknown}&from=${today}&to=${today}`), 404)).toEqual(
      errorBody("UNKNOWN_AVAILABILITY_PRODUCT"),
    );
    const kubota = (await machine("Kubota KX057-5")).uuid;
    const entries = await json<ConfigurationEntry[]>(await admin.server.fetch("/api/configuration"), 200);
    const off = await admin.call("PUT", "/api/configuration/update", [
      ...entries.map(({ key, value }) => ({ key, value })).filter(({ key }) => key !== "show_availability"),
      { key: "show_availability", value: "false" },
    ]);
    expect(off.status, await off.clone().text()).toBe(200);
    expect(await json(await ask(`product=${kubota}&from=${today}&to=${today}`), 404)).toEqual(
      errorBody("AVAILABILITY_NOT_SHOWN"),
    );
    const on = await admin.call("PUT", "/api/configuration/update", [{ key: "show_availability", value: "true" }]);
    expect(on.status).toBe(200);
    expect((await ask(`product=${kubota}&from=${today}&to=${today}`)).status).toBe(200);
  });

  it("is documented in the OpenAPI document with its codes", async () => {
    const document = await json<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }> }>(
      await admin.server.fetch("/api/openapi.json"),
      200,
    );
    // Paths are relative to the server, /api.
    const call = (document.paths["/availability"] ?? document.paths["/availability/"])?.get;
    expect(Object.keys(call?.responses ?? {}).sort()).toEqual(["200", "400", "404", "429"]);
    expect(JSON.stringify(call)).toContain("AVAILABILITY_NOT_SHOWN");
  });

  it("takes no other method, and limits the calls of one address", async () => {
    const kubota = (await machine("Kubota KX057-5")).uuid;
    const query = `product=${kubota}&from=${today}&to=${addDays(today, 7)}`;
    expect((await ask(query, { method: "POST", body: "{}" })).status).toBe(404);
    const replies = await Promise.all(Array.from({ length: 130 }, () => ask(query)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(120);
    const refused = replies.find((reply) => reply.status === 429);
    expect(refused?.headers.get("retry-after")).toBeTruthy();
    expect(await refused?.json()).toEqual(errorBody("ERROR_TOO_MANY_REQUESTS"));
  });
});
