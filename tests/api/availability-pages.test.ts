import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionSite } from "../../server/pages/ssr.ts";
import { headFacts, parseElements } from "../helpers/markup.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";

/**
 * Availability on the server-rendered pages (no JavaScript): the product page's calendar in both
 * languages, a table with words for each day's state; nothing of a booking but each day's state in
 * the page or its data; JSON-LD that claims no availability.
 */

let server: TestServer;
let token: string;
/** The demo's excavators with their fleets. */
let excavators: (ProductView & { units: number })[];
const today = romanianDay();
/** A note no page may show: the booking's, the customer's name in it. */
const NOTE = "NOTA-PRIVATA Ionescu Constructii, telefon 0799 314 159";

/** A booking of `units` of `product` from `first` to `last`, confirmed, through the admin's API. */
async function book(product: { uuid: string }, units: number, first: string, last: string): Promise<void> {
  const response = await callJson(
    server,
    "POST",
    "/api/bookings",
    {
      product_uuid: product.uuid,
      units,
      first_day: first,
      last_day: last,
      state: "confirmat",
      note: NOTE,
      confirm_overbooking: true,
    },
    token,
  );
  expect(response.status, await response.clone().text()).toBe(201);
}

function excavator(model: string) {
  const found = excavators.find((each) => each.model === model);
  if (!found) throw new Error(`The demo catalogue has no ${model}`);
  return found;
}
const KUBOTA_PAGE = "/categorie/excavatoare/utilaj/kubota-kx057-5";

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true" }, await productionSite());
  token = (await loginAsAdmin(server)).token;
  const listed = (await (await callJson(server, "GET", "/api/bookings", undefined, token)).json()) as {
    uuid: string;
    state: string;
  }[];
  // The demo's own bookings cancelled: this file's decide each day's state.
  for (const booking of listed.filter((each) => each.state !== "anulat"))
    expect((await callJson(server, "POST", `/api/bookings/${booking.uuid}/cancel`, {}, token)).status).toBe(200);
  const categories = (await (await server.fetch("/api/category")).json()) as { uuid: string; slug: string }[];
  const category = categories.find((each) => each.slug === "excavatoare");
  excavators = (await (await server.fetch(`/api/product/category/${category?.uuid}`)).json()) as typeof excavators;
});
afterAll(async () => {
  await server?.close();
});

async function html(pathname: string): Promise<string> {
  const response = await server.fetch(pathname);
  expect(response.status, pathname).toBe(200);
  return response.text();
}

/** The calendar's table as a reader meets it: its caption, its column headers, its rows of cells' texts. */
function calendarOf(page: string) {
  const elements = parseElements(page);
  const section = elements.findIndex((element) => element.attributes["aria-labelledby"] === "product-availability");
  if (section < 0) return null;
  const inside = elements.slice(section);
  const table = inside.find((element) => element.name === "table");
  const text = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
  return {
    heading: text(inside.find((element) => element.name === "h2")?.content),
    caption: text(inside.find((element) => element.name === "caption")?.content),
    headers: inside
      .filter((element) => element.name === "th" && element.attributes.scope === "col")
      .slice(0, 7)
      .map((header) => text(header.content)),
    abbreviations: inside
      .filter((element) => element.name === "abbr")
      .slice(0, 7)
      .map((abbr) => abbr.attributes.title),
    cells: inside
      .filter((element) => element.name === "td" && element.attributes["data-state"])
      .map((cell) => ({ state: cell.attributes["data-state"], text: text(cell.content) })),
    times: inside.filter((element) => element.name === "time").map((time) => time.attributes.datetime),
    table: table !== undefined,
  };
}

describe("the product page's calendar", () => {
  it("shows the next eight weeks as a table with each day's state in words, in Romanian and in English", async () => {
    const ro = calendarOf(await html(KUBOTA_PAGE));
    expect(ro?.table).toBe(true);
    expect(ro?.heading).toBe("Disponibilitate");
    expect(ro?.caption).toMatch(
      /^Disponibilitatea în următoarele 8 săptămâni: \d{1,2} \p{L}+ \d{4} – \d{1,2} \p{L}+ \d{4}$/u,
    );
    expect(ro?.headers).toEqual(["Lu", "Ma", "Mi", "Jo", "Vi", "Sâ", "Du"]);
    expect(ro?.abbreviations).toEqual(["luni", "marți", "miercuri", "joi", "vineri", "sâmbătă", "duminică"]);
    expect(ro?.cells).toHaveLength(56);
    // The day's number and its state's words (for a screen reader; the symbol is the stylesheet's).
    expect(ro?.cells.every(({ text }) => /^\d{1,2}( \S+)? (liber|parțial ocupat|ocupat|la cerere)$/.test(text))).toBe(
      true,
    );

    const en = calendarOf(await html(`${KUBOTA_PAGE}?lang=en`));
    expect(en?.heading).toBe("Availability");
    expect(en?.caption).toMatch(/^Availability over the next 8 weeks: /);
    expect(en?.abbreviations).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(en?.cells.every(({ text }) => /(free|partly booked|booked|on request)$/.test(text))).toBe(true);
    expect(en?.times).toEqual(ro?.times);
  });

  it("shows a day booked, partly booked or free from the machine's fleet and bookings, and on request without a fleet", async () => {
    const kubota = excavator("Kubota KX057-5");
    const units = Math.max(1, kubota.units);
    await book(kubota, units, addDays(today, 3), addDays(today, 4));
    if (units > 1) await book(kubota, 1, addDays(today, 10), addDays(today, 10));
    const state = (page: string, day: string) =>
      calendarOf(page)?.cells.find((_, index) => calendarOf(page)?.times[index] === day)?.state;
    const page = await html(KUBOTA_PAGE);
    expect(state(page, addDays(today, 2))).toBe("free");
    expect(state(page, addDays(today, 3))).toBe("booked");
    expect(state(page, addDays(today, 4))).toBe("booked");
    expect(state(page, addDays(today, 5))).toBe("free");
    if (units > 1) expect(state(page, addDays(today, 10))).toBe("partly");
    expect(calendarOf(page)?.cells.find(({ state }) => state === "booked")?.text).toMatch(/^\d{1,2}( \S+)? ocupat$/);
    const english = calendarOf(await html(`${KUBOTA_PAGE}?lang=en`));
    expect(english?.cells.find(({ state }) => state === "booked")?.text).toMatch(/^\d{1,2}( \S+)? booked$/);
  });

  it("never carries a booking's note, state, request or customer in the page or its data", async () => {
    await book(excavator("Kubota KX057-5"), 1, addDays(today, 20), addDays(today, 21));
    for (const address of [
      KUBOTA_PAGE,
      `${KUBOTA_PAGE}?lang=en`,
      `${KUBOTA_PAGE}.data`,
      `/categorie/excavatoare?liber-de=${addDays(today, 20)}`,
      `/categorie/excavatoare.data?liber-de=${addDays(today, 20)}`,
    ]) {
      const body = await html(address);
      for (const secret of [
        "NOTA-PRIVATA",
        "Ionescu",
        "314 159",
        "confirmat",
        "tentativ",
        "lead_uuid",
        "first_day",
        '"note"',
      ])
        expect(body, `${secret} in ${address}`).not.toContain(secret);
    }
  });

  it("claims no availability in the page's JSON-LD", async () => {
    const product = headFacts(await html(KUBOTA_PAGE)).jsonLd.find((item) => item["@type"] === "Product");
    expect(product).toBeDefined();
    expect(JSON.stringify(product)).not.toMatch(/availability|InStock|OutOfStock/i);
  });
});

describe("the category page's free range", () => {
  const CATEGORY = "/categorie/excavatoare";
  const range = `liber-de=${addDays(today, 7)}&liber-pana=${addDays(today, 11)}`;
  const fieldsOf = (page: string) =>
    parseElements(page)
      .filter((element) => element.name === "input" && element.attributes.type === "date")
      .map(({ attributes }) => ({
        name: attributes.name,
        value: attributes.value ?? "",
        min: attributes.min,
        invalid: attributes["aria-invalid"] === "true",
      }));

  it("offers two days in the filters' GET form, in both languages, from today on", async () => {
    const ro = await html(CATEGORY);
    expect(ro).toContain("<legend>Liber între</legend>");
    expect(fieldsOf(ro)).toEqual([
      { name: "liber-de", value: "", min: today, invalid: false },
      { name: "liber-pana", value: "", min: today, invalid: false },
    ]);
    expect(await html(`${CATEGORY}?lang=en`)).toContain("<legend>Free between</legend>");
  });

  it("filters from the address without JavaScript, the category's page to search engines, never cached", async () => {
    const page = await html(`${CATEGORY}?${range}`);
    expect(fieldsOf(page).map(({ value }) => value)).toEqual([addDays(today, 7), addDays(today, 11)]);
    const facts = headFacts(page);
    expect(facts.meta("robots")).toBeUndefined();
    expect(facts.links("canonical").map((link) => link.href)).toEqual([`${server.url}${CATEGORY}`]);
    const response = await rawRequest(server.url, `${CATEGORY}?${range}&lang=en`);
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).not.toBe("public, max-age=0, must-revalidate");
    const data = await rawRequest(server.url, `${CATEGORY}.data?${range}&_routes=routes/category`);
    expect(data.status).toBe(200);
    expect(data.headers["cache-control"]).not.toBe("public, max-age=0, must-revalidate");
  });

  it("leaves out the machines with no unit free on a day of the range, from the address, in both languages", async () => {
    const cat = excavator("CAT 320");
    await book(cat, Math.max(1, cat.units), addDays(today, 30), addDays(today, 31));
    const query = `liber-de=${addDays(today, 29)}&liber-pana=${addDays(today, 32)}`;
    const shownModels = (page: string) =>
      parseElements(page)
        .filter((element) => element.attributes["data-machine"] && !element.hidden)
        .map((element) => element.attributes["data-machine"]);
    const others = excavators.filter((each) => each !== cat && each.units > 0).map((each) => each.uuid);
    for (const address of [`${CATEGORY}?${query}`, `${CATEGORY}?${query}&lang=en`]) {
      const shown = shownModels(await html(address));
      expect(shown, address).not.toContain(cat.uuid);
      expect(shown, address).toEqual(expect.arrayContaining(others));
    }
    // The days around the booking: it is free again.
    expect(shownModels(await html(`${CATEGORY}?liber-de=${addDays(today, 32)}`))).toContain(cat.uuid);
  });

  it("says what is wrong with a bad range beside its days, in both languages, and lists every machine", async () => {
    const all = parseElements(await html(CATEGORY)).filter((element) => element.attributes["data-machine"]).length;
    const cases: [string, string, string][] = [
      [
        `liber-de=${addDays(today, 9)}&liber-pana=${addDays(today, 2)}`,
        "Ultima zi este înaintea primei: alegeți altă perioadă.",
        "The last day is before the first: choose another period.",
      ],
      [
        `liber-de=${addDays(today, -1)}&liber-pana=${addDays(today, 2)}`,
        "Perioada a început deja: alegeți zile de azi înainte.",
        "The period has already begun: choose days from today on.",
      ],
      [
        `liber-de=${today}&liber-pana=${addDays(today, 366)}`,
        "Alegeți o perioadă de cel mult 366 de zile.",
        "Choose a period of at most 366 days.",
      ],
      ["liber-de=2026-02-30", "Alegeți o zi din calendar", "Choose a day from the calendar"],
      ["liber-de=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "Alegeți o zi din calendar", "Choose a day from the calendar"],
    ];
    for (const [query, ro, en] of cases) {
      const page = await html(`${CATEGORY}?${query}`);
      expect(page, query).toContain(ro);
      expect(page, query).not.toContain("<script>alert(1)");
      expect(
        fieldsOf(page).every((field) => field.invalid),
        query,
      ).toBe(true);
      const shown = parseElements(page).filter(
        (element) => element.attributes["data-machine"] && !element.hidden,
      ).length;
      expect(shown, query).toBe(all);
      expect(await html(`${CATEGORY}?${query}&lang=en`), query).toContain(en);
    }
  });
});

describe("with availability hidden in the configuration", () => {
  it("shows no calendar, no free range and no free-range filtering, in either language", async () => {
    const entries = (await (await server.fetch("/api/configuration")).json()) as { key: string; value: string }[];
    const off = await callJson(
      server,
      "PUT",
      "/api/configuration/update",
      [...entries.filter(({ key }) => key !== "show_availability"), { key: "show_availability", value: "false" }].map(
        ({ key, value }) => ({ key, value }),
      ),
      token,
    );
    expect(off.status, await off.clone().text()).toBe(200);
    for (const language of ["", "?lang=en"]) {
      expect(calendarOf(await html(`${KUBOTA_PAGE}${language}`))).toBeNull();
      const category = await html(`/categorie/excavatoare${language}`);
      expect(category).not.toMatch(/<legend>(Liber între|Free between)<\/legend>/);
      expect(category).not.toContain('type="date"');
    }
    // A shared address with a range lists every machine.
    const filtered = parseElements(await html(`/categorie/excavatoare?liber-de=${addDays(today, 30)}`)).filter(
      (element) => element.attributes["data-machine"] && !element.hidden,
    );
    expect(filtered).toHaveLength(excavators.length);
  });
});
