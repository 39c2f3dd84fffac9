import { describe, expect, it } from "vitest";
import { withAdminServer } from "../helpers/admin-server.ts";

/**
 * The inbox's filters take whatever a query string holds: every combination answers 200 or a 400
 * naming the filter, never a 500. A seeded generator (the same inputs every run; a failure prints
 * its query) mixes days at the edges of what dates can hold with ordinary and broken values.
 */
const admin = withAdminServer();

const DAY_FILTERS = ["startFrom", "startTo", "receivedFrom", "receivedTo"] as const;

/** mulberry32: a small seeded generator, so a failing query can be replayed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");

function valueOf(random: () => number): string {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  const year = pick([0, 1, 999, 1969, 1970, 1999, 2000, 2026, 2999, 3000, 9998, 9999, Math.floor(random() * 10_000)]);
  const day = `${pad(year, 4)}-${pad(pick([1, 2, 12, 0, 13, Math.floor(random() * 100)]), 2)}-${pad(pick([1, 28, 29, 30, 31, 0, 32, Math.floor(random() * 100)]), 2)}`;
  return pick([
    day,
    day,
    day,
    `+0${day}`,
    `${day}T00:00:00Z`,
    "",
    " ",
    "tomorrow",
    "1e309",
    "-1",
    "0",
    "99999999999999999999",
    "nou",
    "ș".repeat(200),
    "\u0000",
    "6f1c2f5e-8d4b-4c55-9f1a-2b3c4d5e6f70",
    String(Math.floor(random() * 2_000_000)),
  ]);
}

function queryOf(random: () => number): string {
  const names = [...DAY_FILTERS, "q", "status", "product", "category", "page", "pageSize"];
  const params = new URLSearchParams();
  for (const name of names) {
    if (random() < 0.4) continue;
    params.append(name, valueOf(random));
    // A parameter given twice.
    if (random() < 0.05) params.append(name, valueOf(random));
  }
  return params.toString();
}

describe("the inbox's filters", () => {
  it.each([
    "receivedTo=9999-12-31",
    "receivedFrom=0000-01-01",
    "startTo=9999-12-31",
    "startFrom=1999-12-31",
    "receivedTo=3000-01-01",
  ])("refuses ?%s with 400 and the filter's date code, in the list and the export", async (query) => {
    const [name] = query.split("=");
    for (const path of ["/api/contact/requests", "/api/contact/requests/export"]) {
      const response = await admin.call("GET", `${path}?${query}`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ msg: "INVALID_CONTACT_REQUEST_DATE", path: name }] });
    }
  });

  it.each(["receivedFrom=2000-01-01&receivedTo=2999-12-31", "startFrom=2000-01-01&startTo=2999-12-31"])(
    "takes the first and last days of the window: ?%s",
    async (query) => {
      for (const path of ["/api/contact/requests", "/api/contact/requests/export"])
        expect((await admin.call("GET", `${path}?${query}`)).status).toBe(200);
    },
  );

  it("answers 200 or 400 with codes, never a 500, to 300 generated queries", async () => {
    const random = generator(20_261_126);
    for (let run = 0; run < 300; run += 1) {
      const query = queryOf(random);
      const path = run % 2 === 0 ? "/api/contact/requests" : "/api/contact/requests/export";
      const response = await admin.call("GET", `${path}?${query}`);
      expect([200, 400], `${path}?${query}`).toContain(response.status);
      if (response.status === 400) {
        const body = (await response.json()) as { errors: { msg: string; path: string }[] };
        for (const error of body.errors) expect(error.msg, `${path}?${query}`).toMatch(/^INVALID_CONTACT_REQUEST_/);
      } else await response.arrayBuffer();
    }
  });
});
