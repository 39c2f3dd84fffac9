import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { json } from "../helpers/catalogue-api.ts";
import { validContact } from "../helpers/contact.ts";
import { withQuoteServer } from "../helpers/quote-server.ts";
import type { OfferWriteInput } from "../../common/offers/offer-schemas.ts";

/**
 * Units per machine of the quote list (decision 098) over real HTTP, on SQLite and PostgreSQL
 * (TEST_DIALECT): POST /api/contact's `items.N.units` (absent or null: one; a whole number up to the
 * machine's fleet, or 99 for a machine without one), stored and shown in the inbox, the company's
 * e-mail and the CSV; the most a machine may be asked for in GET /api/contact/machines; and the
 * offer's draft from a request carrying them, capped at the fleet of the day.
 */

const quote = withQuoteServer();
const { admin, send, sent, mailWith } = quote;
const storedCount = () => quote.rowCount("contact_request_items");

beforeEach(async () => {
  // The CAT has a fleet of 3, the JCB of 1 (the default), the Komatsu none: on request.
  await fleet(quote.catalogue.products.cat.id, 3);
  await fleet(quote.catalogue.products.jcb.id, 1);
  await fleet(quote.catalogue.products.komatsu.id, 0);
});

async function fleet(id: string, units: number): Promise<void> {
  await quote.server.services.db.updateTable("products").set({ units }).where("id", "=", id).execute();
}

describe("POST /api/contact: a machine's units", () => {
  it("stores the units of each machine and shows them in the inbox; absent or null is one", async () => {
    const { cat, jcb, komatsu } = quote.catalogue.products;
    const view = await sent([
      { product: cat.id, days: 4, units: 3 },
      { product: jcb.id },
      { product: komatsu.id, units: null },
    ]);
    expect(view.items.map((item) => [item.model, item.units])).toEqual([
      ["CAT 320", 3],
      ["JCB 3CX Eco", 1],
      ["Komatsu PC210", 1],
    ]);
    const rows = await quote.server.services.db
      .selectFrom("contact_request_items")
      .select(["position", "units"])
      .where("request_id", "=", view.id)
      .orderBy("position")
      .execute();
    expect(rows).toEqual([
      { position: 0, units: 3 },
      { position: 1, units: 1 },
      { position: 2, units: 1 },
    ]);
  });

  it("takes a machine without a fleet (on request) up to 99 units", async () => {
    const view = await sent([{ product: quote.catalogue.products.komatsu.id, units: 99 }]);
    expect(view.items[0]?.units).toBe(99);
  });

  const refusals: [name: string, items: () => unknown, errors: { msg: string; path: string }[]][] = [
    [
      "more units than the fleet",
      () => [{ product: quote.catalogue.products.jcb.id }, { product: quote.catalogue.products.cat.id, units: 4 }],
      [{ msg: "QUOTE_UNITS_OVER_FLEET", path: "items.1.units" }],
    ],
    [
      "two units of a machine of one",
      () => [{ product: quote.catalogue.products.jcb.id, units: 2 }],
      [{ msg: "QUOTE_UNITS_OVER_FLEET", path: "items.0.units" }],
    ],
    [
      "100 units of a machine on request",
      () => [{ product: quote.catalogue.products.komatsu.id, units: 100 }],
      [{ msg: "QUOTE_UNITS_OVER_FLEET", path: "items.0.units" }],
    ],
    [
      "an unknown machine beside units over the fleet, both at their places",
      () => [{ product: randomUUID() }, { product: quote.catalogue.products.cat.id, units: 9 }],
      [
        { msg: "INVALID_QUOTE_PRODUCT", path: "items.0.product" },
        { msg: "QUOTE_UNITS_OVER_FLEET", path: "items.1.units" },
      ],
    ],
    [
      "half a unit",
      () => [{ product: quote.catalogue.products.cat.id, units: 1.5 }],
      [{ msg: "INVALID_QUOTE_UNITS", path: "items.0.units" }],
    ],
    [
      "no unit",
      () => [{ product: quote.catalogue.products.cat.id, units: 0 }],
      [{ msg: "INVALID_QUOTE_UNITS", path: "items.0.units" }],
    ],
    [
      "a negative count",
      () => [{ product: quote.catalogue.products.cat.id, units: -3 }],
      [{ msg: "INVALID_QUOTE_UNITS", path: "items.0.units" }],
    ],
    [
      "units as text",
      () => [{ product: quote.catalogue.products.cat.id, units: "2" }],
      [{ msg: "INVALID_QUOTE_UNITS", path: "items.0.units" }],
    ],
    [
      "units over any fleet",
      () => [{ product: quote.catalogue.products.cat.id, units: 1e12 }],
      [{ msg: "INVALID_QUOTE_UNITS", path: "items.0.units" }],
    ],
    [
      "markup for units",
      () => [{ product: quote.catalogue.products.cat.id, units: "<script>alert(1)</script>" }],
      [{ msg: "INVALID_QUOTE_UNITS", path: "items.0.units" }],
    ],
  ];

  it.each(refusals)("refuses %s with 400 and its code, storing nothing", async (_name, items, errors) => {
    expect(await json(await send(items()), 400)).toEqual({ errors });
    expect(await storedCount()).toBe(0);
  });

  it("counts the units in the duplicate guard: the same list with other units is a new request", async () => {
    const request = validContact();
    const items = [{ product: quote.catalogue.products.cat.id, units: 2 }];
    expect((await send(items, request)).status).toBe(201);
    expect(await json(await send(items, request), 409)).toMatchObject({ error: { code: "ERROR_RECAPTCHA_TOKEN" } });
    expect((await send([{ product: quote.catalogue.products.cat.id, units: 3 }], request)).status).toBe(201);
  });
});

describe("the units where the company reads the request", () => {
  it("mails the units of a machine asked for more than once, in the text and in a column of the table", async () => {
    const { cat, jcb } = quote.catalogue.products;
    const start = addDays(romanianDay(), 2);
    const request = validContact();
    expect(
      (await send([{ product: cat.id, startDate: start, days: 2, units: 3 }, { product: jcb.id }], request)).status,
    ).toBe(201);
    const mail = await mailWith(request.marker);
    expect(mail.text).toContain(
      [
        "1. CAT 320 - Excavatoare",
        `   ${start} - ${addDays(start, 1)} (2 zile); 3 unitati; fara operator`,
        "   https://utilaje.example/categorie/excavatoare/utilaj/cat-320",
        "2. JCB 3CX Eco - Încărcătoare frontale",
        "   data nehotarata; fara operator",
      ].join("\n"),
    );
    expect(mail.html).toMatch(
      /<th[^>]*>Utilaj<\/th><th[^>]*>Categorie<\/th><th[^>]*>Perioada<\/th><th[^>]*>Unitati<\/th><th[^>]*>Operator<\/th>/,
    );
    expect(mail.html).toMatch(/\(2 zile\)<\/td><td[^>]*>3<\/td><td[^>]*>fara operator<\/td>/);
    expect(mail.html).toMatch(/data nehotarata<\/td><td[^>]*>1<\/td>/);
  });

  it("leaves the units out of the e-mail while every machine is asked for once", async () => {
    const request = validContact();
    expect((await send([{ product: quote.catalogue.products.cat.id, units: 1 }], request)).status).toBe(201);
    const mail = await mailWith(request.marker);
    expect(mail.text).not.toContain("unitati");
    expect(mail.html).not.toContain("Unitati");
  });

  it("writes the units in the CSV's machines when more than one", async () => {
    const { cat, jcb } = quote.catalogue.products;
    await sent([{ product: cat.id, units: 2, operator: true }, { product: jcb.id }], { lastName: "Unitati" });
    const csv = await (await admin("GET", "/api/contact/requests/export?q=Unitati")).text();
    expect(csv).toContain(
      '"CAT 320 (Excavatoare): data nehotarata, 2 unitati, cu operator; JCB 3CX Eco (Încărcătoare frontale): data nehotarata, fara operator"',
    );
  });
});

describe("GET /api/contact/machines", () => {
  it("says the most units of each machine one request may ask for: its fleet, or 99 without one", async () => {
    const { cat, jcb, komatsu } = quote.catalogue.products;
    const body = await json<{ machines: { id: string; maxUnits: number }[] }>(
      await quote.server.fetch(`/api/contact/machines?ids=${cat.id},${jcb.id},${komatsu.id}`),
      200,
    );
    expect(body.machines.map((machine) => [machine.id, machine.maxUnits])).toEqual([
      [cat.id, 3],
      [jcb.id, 1],
      [komatsu.id, 99],
    ]);
  });
});

describe("GET /api/offers/draft from a request", () => {
  it("gives each machine line the request's units, capped at the machine's fleet of the day", async () => {
    const { cat, jcb, komatsu } = quote.catalogue.products;
    const view = await sent([
      { product: cat.id, days: 3, units: 3 },
      { product: jcb.id, days: 2 },
      { product: komatsu.id, units: 5 },
    ]);
    const draft = async () =>
      (await json<OfferWriteInput>(await admin("GET", `/api/offers/draft?request=${view.id}`), 200)).lines.map(
        (line) => (line.kind === "machine" ? [line.product_uuid, line.units] : null),
      );
    expect(await draft()).toEqual([
      [cat.id, 3],
      [jcb.id, 1],
      // A machine on request has no fleet to cap by: the line keeps one unit, for the office to settle.
      [komatsu.id, 1],
    ]);
    // The fleet lowered since the request: the draft offers what there is.
    await fleet(cat.id, 2);
    await fleet(komatsu.id, 4);
    expect(await draft()).toEqual([
      [cat.id, 2],
      [jcb.id, 1],
      [komatsu.id, 4],
    ]);
  });
});
