import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, aYearAfter, mondayOf, romanianDay, startOfRomanianDay } from "../../common/days/romanian-day.ts";
import type { LeadOverview, LeadPage, LeadView } from "../../common/leads/lead-schemas.ts";
import { json } from "../helpers/catalogue-api.ts";
import { sendContact, validContact } from "../helpers/contact.ts";
import { withQuoteServer } from "../helpers/quote-server.ts";
import { storeLead } from "../fixtures/leads.ts";

/**
 * The quote list over real HTTP, on SQLite and PostgreSQL (TEST_DIALECT): POST /api/contact's
 * additive `items` with every rule and its code, the old payload unchanged, the snapshot that
 * outlives catalogue changes, the company's mail with its table, the inbox's filters, the demand
 * overview, and the public lookup of a list's machines.
 */

const quote = withQuoteServer();
const { admin, send, sent, mailWith } = quote;
const storedCount = () => quote.rowCount("contact_requests");
const today = () => romanianDay();

describe("POST /api/contact with a quote list", () => {
  it("stores each machine with its days, operator and a snapshot of model and category, in the list's order", async () => {
    const { cat, jcb, komatsu } = quote.catalogue.products;
    const start = addDays(today(), 3);
    const view = await sent([
      { product: jcb.id, startDate: start, days: 5, operator: true },
      { product: cat.id, startDate: start, endDate: addDays(start, 9) },
      { product: komatsu.id },
    ]);
    expect(view.items).toEqual([
      {
        productId: jcb.id,
        model: "JCB 3CX Eco",
        categoryId: quote.catalogue.categories.loaders.id,
        category: "Încărcătoare frontale",
        startDate: start,
        days: 5,
        endDate: addDays(start, 4),
        operator: true,
        units: 1,
        publicPath: "/categorie/%C3%AEnc%C4%83rc%C4%83toare-frontale/utilaj/jcb-3cx-eco",
      },
      {
        productId: cat.id,
        model: "CAT 320",
        categoryId: quote.catalogue.categories.excavators.id,
        category: "Excavatoare",
        startDate: start,
        days: 10,
        endDate: addDays(start, 9),
        operator: false,
        units: 1,
        publicPath: "/categorie/excavatoare/utilaj/cat-320",
      },
      {
        productId: komatsu.id,
        model: "Komatsu PC210",
        categoryId: quote.catalogue.categories.excavators.id,
        category: "Excavatoare",
        startDate: null,
        days: null,
        endDate: null,
        operator: false,
        units: 1,
        publicPath: "/categorie/excavatoare/utilaj/komatsu-pc210",
      },
    ]);
  });

  it("mails the company the machines in a table with links to their pages, and in plain text", async () => {
    const { cat, komatsu } = quote.catalogue.products;
    const start = addDays(today(), 1);
    const request = validContact();
    expect(
      (await send([{ product: cat.id, startDate: start, days: 2, operator: true }, { product: komatsu.id }], request))
        .status,
    ).toBe(201);
    const mail = await mailWith(request.marker);
    expect(mail.text).toContain(
      [
        "Utilaje cerute (2):",
        "1. CAT 320 - Excavatoare",
        `   ${start} - ${addDays(start, 1)} (2 zile); cu operator`,
        "   https://utilaje.example/categorie/excavatoare/utilaj/cat-320",
        "2. Komatsu PC210 - Excavatoare",
        "   data nehotarata; fara operator",
        "   https://utilaje.example/categorie/excavatoare/utilaj/komatsu-pc210",
      ].join("\n"),
    );
    expect(mail.html).toContain("<h3>Utilaje cerute (2)</h3>");
    expect(mail.html).toMatch(
      /<th[^>]*>Utilaj<\/th><th[^>]*>Categorie<\/th><th[^>]*>Perioada<\/th><th[^>]*>Operator<\/th>/,
    );
    expect(mail.html).toContain('<a href="https://utilaje.example/categorie/excavatoare/utilaj/cat-320">CAT 320</a>');
    expect(mail.html).toContain(`${start} - ${addDays(start, 1)} (2 zile)`);
  });

  it("keeps the payload of the specification: no list, no machines; a 'CERETI OFERTA' product is a list of one", async () => {
    const plain = await json<{ id: string }>(await sendContact(quote.server, validContact()), 201);
    expect((await json<LeadView>(await admin("GET", `/api/contact/requests/${plain.id}`), 200)).items).toEqual([]);
    const { jcb } = quote.catalogue.products;
    const offer = await json<{ id: string }>(await sendContact(quote.server, validContact({ product: jcb.id })), 201);
    const view = await json<LeadView>(await admin("GET", `/api/contact/requests/${offer.id}`), 200);
    expect(view.productModel).toBe("JCB 3CX Eco");
    expect(view.items).toMatchObject([
      { productId: jcb.id, model: "JCB 3CX Eco", startDate: null, days: null, operator: false },
    ]);
    // An empty list is no list.
    const empty = await json<{ id: string }>(await send([], { product: jcb.id, message: "lista goala" }), 201);
    expect((await json<LeadView>(await admin("GET", `/api/contact/requests/${empty.id}`), 200)).items).toHaveLength(1);
  });

  const refusals: [name: string, items: () => unknown, errors: { msg: string; path: string }[]][] = [
    [
      "a list that is not a list",
      () => ({ product: quote.catalogue.products.cat.id }),
      [{ msg: "INVALID_QUOTE_ITEMS", path: "items" }],
    ],
    ["a machine that is not an object", () => ["CAT 320"], [{ msg: "INVALID_QUOTE_ITEMS", path: "items.0" }]],
    [
      "a product id that is not an id",
      () => [{ product: "cat-320" }],
      [{ msg: "INVALID_QUOTE_PRODUCT", path: "items.0.product" }],
    ],
    [
      "an unknown machine",
      () => [{ product: quote.catalogue.products.cat.id }, { product: randomUUID() }],
      [{ msg: "INVALID_QUOTE_PRODUCT", path: "items.1.product" }],
    ],
    [
      "the same machine twice",
      () => [{ product: quote.catalogue.products.cat.id }, { product: quote.catalogue.products.cat.id }],
      [{ msg: "DUPLICATE_QUOTE_PRODUCT", path: "items.1.product" }],
    ],
    [
      "more than 10 machines",
      () => Array.from({ length: 11 }, () => ({ product: randomUUID() })),
      [{ msg: "TOO_MANY_QUOTE_ITEMS", path: "items" }],
    ],
    [
      "a start that is not a day",
      () => [{ product: quote.catalogue.products.cat.id, startDate: "2027-02-30" }],
      [{ msg: "INVALID_QUOTE_START_DATE", path: "items.0.startDate" }],
    ],
    [
      "a start written otherwise",
      () => [{ product: quote.catalogue.products.cat.id, startDate: "01.12.2026" }],
      [{ msg: "INVALID_QUOTE_START_DATE", path: "items.0.startDate" }],
    ],
    [
      "a start in the past",
      () => [{ product: quote.catalogue.products.cat.id, startDate: addDays(today(), -1) }],
      [{ msg: "PAST_QUOTE_START_DATE", path: "items.0.startDate" }],
    ],
    [
      "a start more than a year ahead",
      () => [{ product: quote.catalogue.products.cat.id, startDate: addDays(aYearAfter(today()), 1) }],
      [{ msg: "FAR_QUOTE_START_DATE", path: "items.0.startDate" }],
    ],
    [
      "0 days",
      () => [{ product: quote.catalogue.products.cat.id, days: 0 }],
      [{ msg: "INVALID_QUOTE_DAYS", path: "items.0.days" }],
    ],
    [
      "366 days",
      () => [{ product: quote.catalogue.products.cat.id, days: 366 }],
      [{ msg: "INVALID_QUOTE_DAYS", path: "items.0.days" }],
    ],
    [
      "half a day",
      () => [{ product: quote.catalogue.products.cat.id, days: 1.5 }],
      [{ msg: "INVALID_QUOTE_DAYS", path: "items.0.days" }],
    ],
    [
      "days as text",
      () => [{ product: quote.catalogue.products.cat.id, days: "3" }],
      [{ msg: "INVALID_QUOTE_DAYS", path: "items.0.days" }],
    ],
    [
      "an end before the start",
      () => [
        { product: quote.catalogue.products.cat.id, startDate: addDays(today(), 5), endDate: addDays(today(), 4) },
      ],
      [{ msg: "QUOTE_END_BEFORE_START", path: "items.0.endDate" }],
    ],
    [
      "an end without a start",
      () => [{ product: quote.catalogue.products.cat.id, endDate: addDays(today(), 4) }],
      [{ msg: "REQUIRED_QUOTE_START_DATE", path: "items.0.startDate" }],
    ],
    [
      "an end over 365 days after the start",
      () => [{ product: quote.catalogue.products.cat.id, startDate: today(), endDate: addDays(today(), 365) }],
      [{ msg: "INVALID_QUOTE_DAYS", path: "items.0.endDate" }],
    ],
    [
      "an end that disagrees with the days",
      () => [{ product: quote.catalogue.products.cat.id, startDate: today(), days: 3, endDate: addDays(today(), 3) }],
      [{ msg: "INVALID_QUOTE_END_DATE", path: "items.0.endDate" }],
    ],
    [
      "an operator that is not yes or no",
      () => [{ product: quote.catalogue.products.cat.id, operator: "da" }],
      [{ msg: "INVALID_QUOTE_OPERATOR", path: "items.0.operator" }],
    ],
  ];

  it.each(refusals)("refuses %s with 400 and its code, storing nothing", async (_name, items, errors) => {
    const response = await send(items());
    expect(await json(response, 400)).toEqual({ errors });
    expect(await storedCount()).toBe(0);
  });

  it("reports every machine's errors at once, and accepts the first and last days of the allowed range", async () => {
    const { cat, jcb, komatsu } = quote.catalogue.products;
    const body = await json<{ errors: unknown[] }>(
      await send([
        { product: cat.id, startDate: addDays(today(), -3), days: 0 },
        { product: jcb.id, operator: 1 },
      ]),
      400,
    );
    expect(body.errors).toEqual([
      { msg: "INVALID_QUOTE_DAYS", path: "items.0.days" },
      { msg: "PAST_QUOTE_START_DATE", path: "items.0.startDate" },
      { msg: "INVALID_QUOTE_OPERATOR", path: "items.1.operator" },
    ]);
    const view = await sent([
      { product: cat.id, startDate: today(), days: 365 },
      { product: komatsu.id, startDate: aYearAfter(today()), days: 1 },
    ]);
    expect(view.items.map((item) => [item.startDate, item.days])).toEqual([
      [today(), 365],
      [aYearAfter(today()), 1],
    ]);
  });

  it("refuses a machine deleted from the catalogue after the visitor listed it", async () => {
    const id = await insertProductRow("Bomag BW 120");
    expect((await admin("DELETE", `/api/product/${id}`)).status).toBe(204);
    const response = await send([{ product: quote.catalogue.products.cat.id }, { product: id }]);
    expect(await json(response, 400)).toEqual({ errors: [{ msg: "INVALID_QUOTE_PRODUCT", path: "items.1.product" }] });
  });

  it("counts the list in the duplicate guard: the same list again is a duplicate, another list is a new request", async () => {
    const { cat } = quote.catalogue.products;
    const request = validContact();
    const items = [{ product: cat.id, startDate: addDays(today(), 2), days: 3 }];
    expect((await send(items, request)).status).toBe(201);
    expect(await json(await send(items, request), 409)).toMatchObject({ error: { code: "ERROR_RECAPTCHA_TOKEN" } });
    expect((await send([{ ...items[0], days: 4 }], request)).status).toBe(201);
  });

  it("takes the same machines in another order as the same request", async () => {
    const { cat, jcb } = quote.catalogue.products;
    const request = validContact();
    expect((await send([{ product: cat.id }, { product: jcb.id }], request)).status).toBe(201);
    expect(await json(await send([{ product: jcb.id }, { product: cat.id }], request), 409)).toMatchObject({
      error: { code: "ERROR_RECAPTCHA_TOKEN" },
    });
  });

  it("reads machine ids in either case, as the same machine", async () => {
    const { cat } = quote.catalogue.products;
    const view = await sent([{ product: cat.id.toUpperCase() }]);
    expect(view.items.map((item) => item.productId)).toEqual([cat.id]);
    const twice = await send([{ product: cat.id }, { product: cat.id.toUpperCase() }], { message: "de doua ori" });
    expect(await json(twice, 400)).toEqual({ errors: [{ msg: "DUPLICATE_QUOTE_PRODUCT", path: "items.1.product" }] });
  });
});

/** A product row written straight to the database (with the cat's picture), its id. */
async function insertProductRow(
  model: string,
  categoryId: string | null = quote.catalogue.categories.excavators.id,
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await quote.server.services.db
    .insertInto("products")
    .values({
      id,
      model,
      slug: model.toLowerCase().replace(/ /g, "-"),
      category_id: categoryId,
      header_offer: "<p>x</p>",
      details: "<p>x</p>",
      technical_data: "<p>x</p>",
      header_image_id: quote.catalogue.products.cat.headerImage.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

describe("the snapshot", () => {
  it("keeps the model and category as they were when the machine is renamed, moved, and deleted", async () => {
    const id = await insertProductRow("Volvo EC220");
    const view = await sent([{ product: id, startDate: today(), days: 2 }]);
    await quote.server.services.db
      .updateTable("products")
      .set({ model: "Volvo EC220E", slug: "volvo-ec220e", category_id: quote.catalogue.categories.loaders.id })
      .where("id", "=", id)
      .execute();
    const renamed = await json<LeadView>(await admin("GET", `/api/contact/requests/${view.id}`), 200);
    expect(renamed.items[0]).toMatchObject({
      model: "Volvo EC220",
      category: "Excavatoare",
      categoryId: quote.catalogue.categories.excavators.id,
      publicPath: "/categorie/%C3%AEnc%C4%83rc%C4%83toare-frontale/utilaj/volvo-ec220e",
    });
    expect((await admin("DELETE", `/api/product/${id}`)).status).toBe(204);
    const deleted = await json<LeadView>(await admin("GET", `/api/contact/requests/${view.id}`), 200);
    expect(deleted.items[0]).toMatchObject({
      productId: id,
      model: "Volvo EC220",
      category: "Excavatoare",
      publicPath: null,
    });
  });

  it("is erased with its request", async () => {
    const view = await sent([{ product: quote.catalogue.products.cat.id }]);
    expect((await admin("DELETE", `/api/contact/requests/${view.id}`)).status).toBe(204);
    const left = await quote.server.services.db
      .selectFrom("contact_request_items")
      .selectAll()
      .where("request_id", "=", view.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe("the inbox's filters", () => {
  let early: string;
  let late: string;
  let plain: string;

  beforeEach(async () => {
    const { cat, jcb, komatsu } = quote.catalogue.products;
    const { excavators, loaders } = quote.catalogue.categories;
    const item = (product: typeof cat, category: typeof excavators, start: string | null) => ({
      product_id: product.id,
      product_model: product.model,
      category_id: category.id,
      category_name: category.name,
      start_date: start,
      days: 2,
      with_operator: 0,
    });
    ({ id: early } = await storeLead(
      quote.server.services.db,
      new Date("2026-11-02T10:00:00Z"),
      { last_name: "Devreme" },
      {},
      [item(cat, excavators, addDays(today(), 3))],
    ));
    ({ id: late } = await storeLead(
      quote.server.services.db,
      new Date("2026-11-10T22:30:00Z"),
      { last_name: "Tarziu" },
      {},
      [item(jcb, loaders, addDays(today(), 20)), item(komatsu, excavators, null)],
    ));
    ({ id: plain } = await storeLead(quote.server.services.db, new Date("2026-11-11T08:00:00Z"), {
      last_name: "Simplu",
    }));
  });

  const ids = async (query: string) =>
    (await json<LeadPage>(await admin("GET", `/api/contact/requests?${query}`), 200)).items.map((lead) => lead.id);

  it("finds requests by machine, by category, by wished start, and by the days they were received", async () => {
    const { cat, jcb, komatsu } = quote.catalogue.products;
    expect(await ids(`product=${cat.id}`)).toEqual([early]);
    expect(await ids(`product=${komatsu.id}`)).toEqual([late]);
    expect(await ids(`category=${quote.catalogue.categories.excavators.id}`)).toEqual([late, early]);
    expect(await ids(`startFrom=${today()}&startTo=${addDays(today(), 13)}`)).toEqual([early]);
    expect(await ids(`startFrom=${addDays(today(), 4)}`)).toEqual([late]);
    // One machine must match every part: the Komatsu has no start day, the JCB is not an excavator.
    expect(await ids(`category=${quote.catalogue.categories.excavators.id}&startFrom=${addDays(today(), 4)}`)).toEqual(
      [],
    );
    expect(await ids(`product=${jcb.id}&startTo=${addDays(today(), 30)}`)).toEqual([late]);
    // 22:30 UTC on the 10th is past midnight of the 11th in Romania (UTC+2 in November).
    expect(await ids("receivedFrom=2026-11-11&receivedTo=2026-11-11")).toEqual([plain, late]);
    expect(await ids("receivedTo=2026-11-10")).toEqual([early]);
    const page = await json<LeadPage>(await admin("GET", `/api/contact/requests?product=${cat.id.toUpperCase()}`), 200);
    expect(page.total).toBe(1);
  });

  it("exports what the filter matches, each request's machines in one column", async () => {
    const csv = await (
      await admin("GET", `/api/contact/requests/export?category=${quote.catalogue.categories.loaders.id}`)
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `"JCB 3CX Eco (Încărcătoare frontale): ${addDays(today(), 20)} - ${addDays(today(), 21)}, 2 zile, fara operator; Komatsu PC210 (Excavatoare): data nehotarata, 2 zile, fara operator"`,
    );
  });

  it("exports the machine of a 'CERETI OFERTA' link that a request's list left out, beside the list", async () => {
    const { cat, jcb } = quote.catalogue.products;
    const view = await sent([{ product: cat.id }], { product: jcb.id, lastName: "Lista" });
    expect(view.productModel).toBe("JCB 3CX Eco");
    const csv = await (await admin("GET", `/api/contact/requests/export?q=Lista`)).text();
    expect(csv).toContain('"JCB 3CX Eco; CAT 320 (Excavatoare): data nehotarata, fara operator"');
  });

  it.each([
    ["product=cat-320", "INVALID_CONTACT_REQUEST_PRODUCT", "product"],
    ["category=1", "INVALID_CONTACT_REQUEST_CATEGORY", "category"],
    ["startFrom=2026-13-01", "INVALID_CONTACT_REQUEST_DATE", "startFrom"],
    ["startTo=tomorrow", "INVALID_CONTACT_REQUEST_DATE", "startTo"],
    ["receivedFrom=2026-11", "INVALID_CONTACT_REQUEST_DATE", "receivedFrom"],
    ["receivedTo=2026-02-29", "INVALID_CONTACT_REQUEST_DATE", "receivedTo"],
  ])("refuses ?%s with 400 %s", async (query, msg, path) => {
    expect(await json(await admin("GET", `/api/contact/requests?${query}`), 400)).toEqual({ errors: [{ msg, path }] });
    expect(await json(await admin("GET", `/api/contact/requests/export?${query}`), 400)).toEqual({
      errors: [{ msg, path }],
    });
  });
});

describe("GET /api/contact/requests/overview", () => {
  it("counts requests per week, by status, and the machines and categories most asked for in 90 days", async () => {
    const { cat, jcb, komatsu } = quote.catalogue.products;
    const { excavators, loaders } = quote.catalogue.categories;
    const thisMonday = mondayOf(today());
    const at = (day: string, hour = 9) => new Date(startOfRomanianDay(day).getTime() + hour * 3_600_000);
    const item = (product: typeof cat, category: typeof excavators) => ({
      product_id: product.id,
      product_model: product.model,
      category_id: category.id,
      category_name: category.name,
      start_date: null,
      days: null,
      with_operator: 0,
    });
    await storeLead(quote.server.services.db, at(thisMonday, 0), {}, {}, [
      item(cat, excavators),
      item(komatsu, excavators),
    ]);
    await storeLead(quote.server.services.db, at(addDays(thisMonday, -1), 23), { status: "contactat" }, {}, [
      item(cat, excavators),
      item(jcb, loaders),
    ]);
    await storeLead(quote.server.services.db, at(addDays(thisMonday, -7)), { status: "finalizat" }, {}, [
      item(cat, excavators),
    ]);
    await storeLead(quote.server.services.db, at(addDays(thisMonday, -7 * 11)), {}, {}, []);
    // Older than 12 weeks and 90 days: counted by status only.
    await storeLead(quote.server.services.db, at(addDays(thisMonday, -7 * 14)), {}, {}, [
      item(jcb, loaders),
      item(komatsu, excavators),
    ]);
    await storeLead(quote.server.services.db, at(addDays(thisMonday, -7 * 15)), {}, {}, [item(jcb, loaders)]);

    const overview = await json<LeadOverview>(await admin("GET", "/api/contact/requests/overview"), 200);
    expect(overview.weeks).toHaveLength(12);
    expect(overview.weeks.at(-1)).toEqual({ from: thisMonday, to: addDays(thisMonday, 6), count: 1 });
    expect(overview.weeks.at(-2)).toEqual({ from: addDays(thisMonday, -7), to: addDays(thisMonday, -1), count: 2 });
    expect(overview.weeks[0]).toEqual({ from: addDays(thisMonday, -77), to: addDays(thisMonday, -71), count: 1 });
    expect(overview.weeks.reduce((sum, week) => sum + week.count, 0)).toBe(4);
    expect(overview.statuses).toEqual({ nou: 4, contactat: 1, finalizat: 1 });
    expect(overview.since).toBe(addDays(today(), -89));
    expect(overview.machines).toEqual([
      { productId: cat.id, model: "CAT 320", category: "Excavatoare", count: 3 },
      { productId: jcb.id, model: "JCB 3CX Eco", category: "Încărcătoare frontale", count: 1 },
      { productId: komatsu.id, model: "Komatsu PC210", category: "Excavatoare", count: 1 },
    ]);
    expect(overview.categories).toEqual([
      { categoryId: excavators.id, name: "Excavatoare", count: 3 },
      { categoryId: loaders.id, name: "Încărcătoare frontale", count: 1 },
    ]);
  });

  it("names machines as the catalogue does now, and as they were asked for once deleted", async () => {
    const id = await insertProductRow("Liebherr A 918");
    await storeLead(quote.server.services.db, new Date(), {}, {}, [
      {
        product_id: id,
        product_model: "Liebherr A 918",
        category_id: quote.catalogue.categories.excavators.id,
        category_name: "Excavatoare",
        start_date: null,
        days: null,
        with_operator: 0,
      },
    ]);
    await quote.server.services.db
      .updateTable("products")
      .set({ model: "Liebherr A 918 Compact" })
      .where("id", "=", id)
      .execute();
    expect((await json<LeadOverview>(await admin("GET", "/api/contact/requests/overview"), 200)).machines).toEqual([
      { productId: id, model: "Liebherr A 918 Compact", category: "Excavatoare", count: 1 },
    ]);
    expect((await admin("DELETE", `/api/product/${id}`)).status).toBe(204);
    expect((await json<LeadOverview>(await admin("GET", "/api/contact/requests/overview"), 200)).machines).toEqual([
      { productId: id, model: "Liebherr A 918", category: "Excavatoare", count: 1 },
    ]);
  });

  it("is for the administrator only", async () => {
    expect((await quote.server.fetch("/api/contact/requests/overview")).status).toBe(401);
  });
});

describe("GET /api/contact/machines", () => {
  it("answers the listed machines still in the catalogue, in the list's order, with both languages' category names", async () => {
    const { cat, jcb } = quote.catalogue.products;
    await quote.server.services.db
      .updateTable("categories")
      .set({ name_en: "Front loaders" })
      .where("id", "=", quote.catalogue.categories.loaders.id)
      .execute();
    const body = await json<unknown>(
      await quote.server.fetch(`/api/contact/machines?ids=${jcb.id},${randomUUID()},${cat.id}`),
      200,
    );
    expect(body).toEqual({
      machines: [
        {
          id: jcb.id,
          model: "JCB 3CX Eco",
          category: { name: "Încărcătoare frontale", name_en: "Front loaders" },
          path: "/categorie/%C3%AEnc%C4%83rc%C4%83toare-frontale/utilaj/jcb-3cx-eco",
          maxUnits: 1,
        },
        {
          id: cat.id,
          model: "CAT 320",
          category: { name: "Excavatoare", name_en: "" },
          path: "/categorie/excavatoare/utilaj/cat-320",
          maxUnits: 1,
        },
      ],
    });
    expect(await json(await quote.server.fetch("/api/contact/machines?ids="), 200)).toEqual({ machines: [] });
    // An id in capitals, or asked twice, is the same machine, answered once.
    const again = await json<{ machines: { id: string }[] }>(
      await quote.server.fetch(`/api/contact/machines?ids=${cat.id.toUpperCase()},${cat.id}`),
      200,
    );
    expect(again.machines.map((machine) => machine.id)).toEqual([cat.id]);
  });

  it.each([
    ["an id that is not an id", "ids=cat-320", [{ msg: "INVALID_QUOTE_PRODUCT", path: "ids.0" }]],
    [
      "more than 10 ids",
      `ids=${Array.from({ length: 11 }, () => randomUUID()).join(",")}`,
      [{ msg: "TOO_MANY_QUOTE_ITEMS", path: "ids" }],
    ],
    ["no ids", "", [{ msg: "INVALID_QUOTE_ITEMS", path: "ids" }]],
  ])("refuses %s with 400", async (_name, query, errors) => {
    expect(await json(await quote.server.fetch(`/api/contact/machines?${query}`), 400)).toEqual({ errors });
  });
});
