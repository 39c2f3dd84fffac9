import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../common/activity/activity-schemas.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { OfferSummary, OfferView, OfferWriteInput } from "../../common/offers/offer-schemas.ts";
import type { ProductPrices } from "../../common/pricing/machine-prices.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { dayFromToday } from "../helpers/days.ts";
import { draftMachineLine, pricedMachine } from "../helpers/offer-api.ts";
import { officeContact } from "../helpers/office-contact.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { json } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { storeLead } from "../fixtures/leads.ts";
import { createTestDatabase, startTestServer, type TestServer } from "../helpers/test-server.ts";

/**
 * Offers (decision 094) over real HTTP on either database (TEST_DIALECT): a draft prefilled from a
 * request and priced by the rule, its totals rounded once each, its number sequential per year and
 * never given twice (also when saved at once), the bad inputs each with its code and nothing written,
 * a sent offer never changed but followed by a new version, and the Jurnal naming each step.
 */

const admin = withAdminServer();
const day = dayFromToday;
const year = day(0).slice(0, 4);

let category: CategoryView;
let excavator: ProductView;
let roller: ProductView;
let unpriced: ProductView;

const RATES = { day: 45_000, week: 250_000, month: 800_000, operator_day: 30_000 } satisfies Partial<ProductPrices>;

const machine = (model: string, units: number, prices?: Partial<ProductPrices>) =>
  pricedMachine(admin, category, model, units, prices);

const post = (body: unknown) => admin.call("POST", "/api/offers", body);
const read = async (id: string) => json<OfferView>(await admin.call("GET", `/api/offers/${id}`), 200);

function draft(lines: unknown[], fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { customer_name: "Ion Popescu", lines, ...fields };
}

/** Marks an offer sent as the sending will: the state a sent offer has, for the rules that follow from it. */
async function markSent(id: string): Promise<void> {
  await admin.server.services.db
    .updateTable("offers")
    .set({ state: "trimisa", sent_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

beforeAll(async () => {
  category = await json<CategoryView>(
    await admin.call("POST", "/api/category/create", { name: "Oferte utilaje" }),
    201,
  );
  excavator = await machine("Kubota KX019", 2, RATES);
  roller = await machine("Bomag BW 90", 1, { day: 20_000 });
  unpriced = await machine("Wacker DPU 6555", 1);
});

describe("a draft from a request", () => {
  it("prefills the request's customer, language and machines, and prices each line by the rule", async () => {
    const { id: leadId } = await storeLead(admin.server.services.db, new Date(), { lang: "en" }, {}, [
      {
        product_id: excavator.uuid,
        product_model: excavator.model,
        category_id: category.uuid,
        category_name: category.name,
        start_date: day(3),
        days: 9,
        with_operator: 1,
      },
    ]);
    const body = await json<OfferWriteInput>(await admin.call("GET", `/api/offers/draft?request=${leadId}`), 200);
    expect(body).toMatchObject({
      lead_uuid: leadId,
      customer_name: "Ion Popescu",
      customer_email: "ion.popescu@example.ro",
      lang: "en",
      lines: [{ kind: "machine", product_uuid: excavator.uuid, first_day: day(3), last_day: day(11), units: 1 }],
    });
    expect(body.lines[0]).toMatchObject({ with_operator: true, amount: null });
    const offer = await json<OfferView>(await post(body), 201);
    expect(offer.number).toMatch(new RegExp(`^OF-${year}-\\d{4}$`));
    expect(offer).toMatchObject({ state: "ciorna", offer_version: 1, lead_uuid: leadId, lang: "en", vat_rate: 2100 });
    // Nine days: a week and two days (250 000 + 2 × 45 000) beat nine days; the operator is paid 9 days.
    expect(offer.lines[0]).toMatchObject({
      description: excavator.model,
      days: 9,
      periods: { months: 0, weeks: 1, days: 2 },
      rule_amount: 340_000 + 9 * 30_000,
      amount: 610_000,
    });
    expect(offer.valid_until).toBe(day(14));
  });

  it("fits a name the contact form allowed into the offer's rules, so the draft saves as given", async () => {
    for (const [fields, expected] of [
      [{ first_name: "A".repeat(100), last_name: "B".repeat(100) }, `${"A".repeat(100)} ${"B".repeat(99)}`],
      [{ first_name: "Ion\u200B", last_name: "Popescu" }, "Ion Popescu"],
    ] as const) {
      const { id: leadId } = await storeLead(admin.server.services.db, new Date(), fields);
      const body = await json<OfferWriteInput>(await admin.call("GET", `/api/offers/draft?request=${leadId}`), 200);
      expect(body.customer_name).toBe(expected);
      const saved = await post({ ...body, lines: [{ kind: "free", description: "Transport", amount: 100 }] });
      expect(saved.status).toBe(201);
    }
  });

  it("answers 404 for a request that does not exist", async () => {
    const reply = await admin.call("GET", "/api/offers/draft?request=00000000-0000-4000-8000-000000000000");
    expect(await json(reply, 404)).toEqual(errorBody("ERROR_OFFER_CONTACT_REQUEST"));
  });
});

describe("an offer's figures", () => {
  it("takes each line's discount, then the offer's, then VAT, each rounded once, and keeps a written amount", async () => {
    const offer = await json<OfferView>(
      await post(
        draft(
          [
            draftMachineLine(excavator, 1, 6, { units: 2, discount: 333 }),
            draftMachineLine(roller, 2, 2, { amount: 18_999 }),
            { kind: "free", description: "Transport dus-întors", amount: 50_001, discount: 0 },
          ],
          { discount: 1000, vat_rate: 1900, customer_company: "Construcții Șerban SRL" },
        ),
      ),
      201,
    );
    // Six days cost more than a week's rate: the week is charged, for each of two units.
    expect(offer.lines[0]).toMatchObject({ periods: { months: 0, weeks: 1, days: 0 }, amount: 500_000 });
    expect(offer.lines[0]).toMatchObject({ discount_amount: 16_650, total: 483_350 });
    expect(offer.lines[1]).toMatchObject({ rule_amount: 20_000, amount: 18_999, total: 18_999 });
    expect(offer.lines[2]).toMatchObject({ kind: "free", description: "Transport dus-întors", total: 50_001 });
    const subtotal = 483_350 + 18_999 + 50_001;
    const discount = Math.round(subtotal / 10);
    const vat = Math.round(((subtotal - discount) * 19) / 100);
    expect(offer).toMatchObject({
      subtotal,
      discount_amount: discount,
      net: subtotal - discount,
      vat_amount: vat,
      total: subtotal - discount + vat,
      customer_company: "Construcții Șerban SRL",
    });
    expect(await read(offer.uuid)).toEqual(offer);
  });

  it("keeps markup as text in every field", async () => {
    const markup = "<script>alert(1)</script><b>x</b>";
    const offer = await json<OfferView>(
      await post(
        draft([{ kind: "free", description: markup, amount: 100 }], {
          customer_name: markup,
          customer_company: markup,
          notes: `${markup}\nrândul doi`,
        }),
      ),
      201,
    );
    expect([offer.customer_name, offer.customer_company, offer.lines[0].description]).toEqual([markup, markup, markup]);
    expect(offer.notes).toBe(`${markup}\nrândul doi`);
  });
});

describe("bad input: a clear error each, nothing written", () => {
  const cases: [string, () => Record<string, unknown>, { msg: string; path: string }[]][] = [
    ["no line", () => draft([]), [{ msg: "OFFER_WITHOUT_LINES", path: "lines" }]],
    [
      "no customer",
      () => ({ lines: [draftMachineLine(roller, 1, 1)] }),
      [{ msg: "REQUIRED_OFFER_CUSTOMER_NAME", path: "customer_name" }],
    ],
    [
      "a negative amount",
      () => draft([{ kind: "free", description: "Transport", amount: -1 }]),
      [{ msg: "PRICE_AMOUNT_NEGATIVE", path: "lines.0.amount" }],
    ],
    [
      "an absurd amount",
      () => draft([draftMachineLine(roller, 1, 1, { amount: 1_000_000_001 })]),
      [{ msg: "PRICE_AMOUNT_TOO_LARGE", path: "lines.0.amount" }],
    ],
    [
      "a total over 10^9",
      () =>
        draft([
          { kind: "free", description: "A", amount: 600_000_000 },
          { kind: "free", description: "B", amount: 600_000_000 },
        ]),
      [{ msg: "OFFER_TOTAL_TOO_LARGE", path: "lines" }],
    ],
    [
      "a discount over 100 %",
      () => draft([draftMachineLine(roller, 1, 1)], { discount: 10_001 }),
      [{ msg: "INVALID_OFFER_DISCOUNT", path: "discount" }],
    ],
    [
      "a line's discount over 100 %",
      () => draft([draftMachineLine(roller, 1, 1, { discount: 20_000 })]),
      [{ msg: "INVALID_OFFER_DISCOUNT", path: "lines.0.discount" }],
    ],
    [
      "VAT over 100",
      () => draft([draftMachineLine(roller, 1, 1)], { vat_rate: 10_001 }),
      [{ msg: "INVALID_OFFER_VAT_RATE", path: "vat_rate" }],
    ],
    [
      "VAT below 0",
      () => draft([draftMachineLine(roller, 1, 1)], { vat_rate: -1 }),
      [{ msg: "INVALID_OFFER_VAT_RATE", path: "vat_rate" }],
    ],
    [
      "days reversed",
      () => draft([draftMachineLine(roller, 5, 2)]),
      [{ msg: "BOOKING_LAST_DAY_BEFORE_FIRST", path: "lines.0.last_day" }],
    ],
    [
      "days over a year",
      () => draft([draftMachineLine(roller, 1, 400)]),
      [{ msg: "BOOKING_RANGE_TOO_LONG", path: "lines.0.last_day" }],
    ],
    [
      "days in the past",
      () => draft([draftMachineLine(roller, -2, 1)]),
      [{ msg: "OFFER_LINE_IN_THE_PAST", path: "lines.0.first_day" }],
    ],
    [
      "more units than the fleet",
      () => draft([draftMachineLine(roller, 1, 1, { units: 2 })]),
      [{ msg: "OFFER_LINE_UNITS_OVER_FLEET", path: "lines.0.units" }],
    ],
    [
      "a machine without a rate and no amount",
      () => draft([draftMachineLine(unpriced, 1, 1)]),
      [{ msg: "OFFER_LINE_WITHOUT_PRICE", path: "lines.0.amount" }],
    ],
    [
      "an operator without a rate and no amount",
      () => draft([draftMachineLine(roller, 1, 1, { with_operator: true })]),
      [{ msg: "OFFER_LINE_WITHOUT_OPERATOR_RATE", path: "lines.0.amount" }],
    ],
    [
      "an unknown machine",
      () => draft([{ ...draftMachineLine(roller, 1, 1), product_uuid: "00000000-0000-4000-8000-000000000000" }]),
      [{ msg: "UNKNOWN_OFFER_LINE_MACHINE", path: "lines.0.product_uuid" }],
    ],
    [
      "an unknown line kind",
      () => draft([{ kind: "gift", amount: 1 }]),
      [{ msg: "INVALID_OFFER_LINE_KIND", path: "lines.0.kind" }],
    ],
    ["a line that is no object", () => draft([null]), [{ msg: "INVALID_OFFER_LINE_KIND", path: "lines.0" }]],
    [
      "a validity in the past",
      () => draft([draftMachineLine(roller, 1, 1)], { valid_until: day(-1) }),
      [{ msg: "INVALID_OFFER_VALID_UNTIL", path: "valid_until" }],
    ],
    [
      "an unknown request",
      () => draft([draftMachineLine(roller, 1, 1)], { lead_uuid: "00000000-0000-4000-8000-000000000000" }),
      [{ msg: "UNKNOWN_OFFER_LEAD", path: "lead_uuid" }],
    ],
    [
      "a wrong language",
      () => draft([draftMachineLine(roller, 1, 1)], { lang: "de" }),
      [{ msg: "INVALID_OFFER_LANGUAGE", path: "lang" }],
    ],
    [
      "a hidden character in the name",
      () => draft([draftMachineLine(roller, 1, 1)], { customer_name: "Ion\u202ePopescu" }),
      [{ msg: "INVALID_OFFER_CUSTOMER_NAME", path: "customer_name" }],
    ],
  ];

  it.each(cases)("%s", async (_, body, errors) => {
    const before = (await json<OfferSummary[]>(await admin.call("GET", "/api/offers"), 200)).length;
    expect(await json(await post(body()), 400)).toEqual({ errors });
    expect(await json<OfferSummary[]>(await admin.call("GET", "/api/offers"), 200)).toHaveLength(before);
  });

  it("refuses a machine in the trash by name", async () => {
    const doomed = await machine("Atlas Copco LP 9", 1, { day: 10_000 });
    expect((await admin.call("DELETE", `/api/product/${doomed.uuid}`)).status).toBe(204);
    expect(await json(await post(draft([draftMachineLine(doomed, 1, 1)])), 400)).toEqual({
      errors: [{ msg: "OFFER_LINE_MACHINE_IN_TRASH", path: "lines.0.product_uuid" }],
    });
  });

  it("answers 415 to a body not sent as JSON and 404 to an id that is not one", async () => {
    const reply = await admin.server.fetch("/api/offers", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "text/plain" },
      body: JSON.stringify(draft([draftMachineLine(roller, 1, 1)])),
    });
    expect(reply.status).toBe(415);
    expect(await json(await admin.call("GET", "/api/offers/nope"), 404)).toEqual(errorBody("ERROR_OFFER_NOT_FOUND"));
    expect((await admin.server.fetch("/api/offers")).status).toBe(401);
  });
});

describe("numbers", () => {
  it("are sequential per year and never given twice, also when ten drafts are saved at once", async () => {
    const made = await Promise.all(
      Array.from({ length: 10 }, () => post(draft([{ kind: "free", description: "Transport", amount: 100 }]))),
    );
    const offers = await Promise.all(made.map((reply) => json<OfferView>(reply, 201)));
    const sequences = offers.map((offer) => Number(offer.number.slice(-4))).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(10);
    expect(sequences[9] - sequences[0]).toBe(9);
  });
});

describe("numbers from two instances on one database", () => {
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

  it("are never given twice when both save drafts at once", async () => {
    const { token } = await loginAsAdmin(first);
    const body = draft([{ kind: "free", description: "Transport", amount: 100 }]);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        callJson(index % 2 === 0 ? first : second, "POST", "/api/offers", body, token),
      ),
    );
    const offers = await Promise.all(replies.map((reply) => json<OfferView>(reply, 201)));
    expect(offers.map((offer) => offer.number).sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => `OF-${year}-${String(index + 1).padStart(4, "0")}`),
    );
  });
});

describe("a sent offer", () => {
  it("is never changed: a change makes the next version under its number, the sent one kept and readable", async () => {
    const sent = await json<OfferView>(await post(draft([draftMachineLine(excavator, 1, 3)], { discount: 1000 })), 201);
    await markSent(sent.uuid);
    const change = draft([draftMachineLine(excavator, 1, 4)]);
    expect(await json(await admin.call("PUT", `/api/offers/${sent.uuid}`, change), 409)).toEqual(
      errorBody("OFFER_NOT_DRAFT"),
    );
    const attempts = await Promise.all([
      admin.call("POST", `/api/offers/${sent.uuid}/versions`),
      admin.call("POST", `/api/offers/${sent.uuid}/versions`),
    ]);
    expect(attempts.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const next = await json<OfferView>(attempts[0].status === 201 ? attempts[0] : attempts[1], 201);
    expect(next).toMatchObject({ number: sent.number, offer_version: 2, state: "ciorna", total: sent.total });
    const saved = await json<OfferView>(await admin.call("PUT", `/api/offers/${next.uuid}`, change), 200);
    expect(saved.lines[0].days).toBe(4);
    const old = await read(sent.uuid);
    expect(old).toMatchObject({ state: "trimisa", total: sent.total, lines: sent.lines });
    expect(old.versions).toEqual([
      { uuid: sent.uuid, offer_version: 1, state: "trimisa" },
      { uuid: next.uuid, offer_version: 2, state: "ciorna" },
    ]);
    expect(await json(await admin.call("POST", `/api/offers/${next.uuid}/versions`), 409)).toEqual(
      errorBody("OFFER_NOT_SENT"),
    );
  });

  it("is cancelled once; a cancelled one stays so", async () => {
    const offer = await json<OfferView>(await post(draft([draftMachineLine(roller, 1, 1)])), 201);
    await markSent(offer.uuid);
    expect((await json<OfferView>(await admin.call("POST", `/api/offers/${offer.uuid}/cancel`), 200)).state).toBe(
      "anulata",
    );
    expect(await json(await admin.call("POST", `/api/offers/${offer.uuid}/cancel`), 409)).toEqual(
      errorBody("OFFER_CLOSED"),
    );
    const cancelled = await json<OfferSummary[]>(await admin.call("GET", "/api/offers?state=anulata"), 200);
    expect(cancelled.map((item) => item.uuid)).toContain(offer.uuid);
    expect(cancelled.every((item) => item.state === "anulata")).toBe(true);
    expect(await json(await admin.call("GET", "/api/offers?state=nimic"), 400)).toEqual({
      errors: [{ msg: "INVALID_OFFER_STATE", path: "state" }],
    });
  });
});

describe("the offers' settings in Configurare", () => {
  const configure = (key: string, value: string) => admin.call("PUT", "/api/configuration/update", [{ key, value }]);

  it("give a new offer its validity, and refuse a validity or terms that are not ones", async () => {
    await json(await admin.call("PUT", "/api/configuration/update", officeContact("oferte@utilaje.test")), 200);
    await json(await configure("offer_validity_days", "30"), 200);
    const offer = await json<OfferView>(await post(draft([draftMachineLine(roller, 1, 1)])), 201);
    expect(offer.valid_until).toBe(day(30));
    await json(await configure("offer_validity_days", ""), 200);
    expect((await json<OfferView>(await post(draft([draftMachineLine(roller, 1, 1)])), 201)).valid_until).toBe(day(14));
    for (const value of ["0", "366", "7.5", "sapte"])
      expect(await json(await configure("offer_validity_days", value), 400)).toEqual({
        errors: [{ msg: "INVALID_CONFIGURATION_OFFER_VALIDITY", path: "offer_validity_days" }],
      });
    expect(await json(await configure("offer_terms_en", "Terms\u0007"), 400)).toEqual({
      errors: [{ msg: "INVALID_CONFIGURATION_OFFER_TERMS", path: "offer_terms_en" }],
    });
    const terms = "Plata la 15 zile.\n<b>Garanția</b> se restituie.";
    const saved = await json<{ key: string; value: string }[]>(await configure("offer_terms", terms), 200);
    expect(saved.find((entry) => entry.key === "offer_terms")?.value).toBe(terms);
  });
});

describe("the Jurnal", () => {
  it("names each step of an offer", async () => {
    const offer = await json<OfferView>(await post(draft([draftMachineLine(roller, 1, 1)])), 201);
    await json(await admin.call("PUT", `/api/offers/${offer.uuid}`, draft([draftMachineLine(roller, 1, 2)])), 200);
    await json(await admin.call("POST", `/api/offers/${offer.uuid}/cancel`), 200);
    const log = await json<ActivityPage>(await admin.call("GET", "/api/activity?kind=offer"), 200);
    const mine = log.items.filter((entry) => entry.itemName.startsWith(`${offer.number} v1`));
    expect(mine.map((entry) => entry.action)).toEqual(["cancel", "update", "create"]);
  });
});
