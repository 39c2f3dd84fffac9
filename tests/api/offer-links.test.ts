import { createHash } from "node:crypto";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../common/activity/activity-schemas.ts";
import type { BookingView } from "../../common/bookings/booking-schemas.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { LeadView } from "../../common/leads/lead-schemas.ts";
import type { OfferLinkView } from "../../common/offers/offer-link-schemas.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import { attachmentsOf } from "../../server/db/repositories/mail-outbox.ts";
import { storeLead } from "../fixtures/leads.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { dayFromToday } from "../helpers/days.ts";
import { draftMachineLine, pricedMachine } from "../helpers/offer-api.ts";
import { json } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { markOfferSent } from "../helpers/sent-offers.ts";

/**
 * The customer's answer to an offer (decision 097) over real HTTP on either database (TEST_DIALECT):
 * the personal link's page and API, every code, an acceptance's proof and its confirmed bookings, the
 * request finalizat, the e-mails with their .ics, answers repeated or crossed, the last unit raced
 * by two offers, a refusal releasing the holds, markup kept as text.
 */

const admin = withAdminServer({ PAGE_RENDER_RATE_LIMIT: "100000" });
const OFFICE = "oferte-link@utilaje.test";
const CONTACT = [
  { key: "contact_mail_to", value: OFFICE },
  { key: "contact_mail_subject", value: "Cerere" },
  { key: "contact_phone", value: "0722 000 111" },
];
const day = dayFromToday;
const db = () => admin.server.services.db;

let category: CategoryView;
let excavator: ProductView;
let lastUnit: ProductView;

interface SentOffer {
  offer: OfferView;
  token: string;
  leadId: string;
}

/** A request, an offer for it (a machine line, a transport line) and the offer sent: its token. */
async function sentOffer(
  product: ProductView,
  first: number,
  last: number,
  fields: Record<string, unknown> = {},
): Promise<SentOffer> {
  const { id: leadId } = await storeLead(db(), new Date(), { lang: "ro" });
  const offer = await json<OfferView>(
    await admin.call("POST", "/api/offers", {
      lead_uuid: leadId,
      customer_name: "Ion Popescu",
      customer_email: "ion@client.test",
      discount: 1000,
      lines: [draftMachineLine(product, first, last), { kind: "free", description: "Transport", amount: 30_000 }],
      ...fields,
    }),
    201,
  );
  return { offer, token: await markOfferSent(db(), offer.uuid), leadId };
}

const link = (token: string, rest = "") => `/api/offer-links/${token}${rest}`;
const read = (token: string) => admin.server.fetch(link(token));
const post = (token: string, what: "accept" | "refuse", body: unknown, headers: Record<string, string> = {}) =>
  admin.server.fetch(link(token, `/${what}`), {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "TestBrowser/1.0", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const accept = (token: string, name = "Ion Popescu") => post(token, "accept", { name, terms_accepted: true });

const offerRow = (id: string) => db().selectFrom("offers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const bookingsOf = (offerId: string) =>
  db().selectFrom("bookings").selectAll().where("offer_id", "=", offerId).orderBy("first_day").execute();
const mailsTo = (to: string, since: string) =>
  db()
    .selectFrom("mail_outbox")
    .selectAll()
    .where("recipient", "=", to)
    .where("created_at", ">=", since)
    .orderBy("created_at")
    .execute();

beforeAll(async () => {
  await json(await admin.call("PUT", "/api/configuration/update", CONTACT), 200);
  category = await json<CategoryView>(
    await admin.call("POST", "/api/category/create", { name: "Utilaje oferte link" }),
    201,
  );
  excavator = await pricedMachine(admin, category, "Kubota KX019 link", 3, { day: 45_000 });
  lastUnit = await pricedMachine(admin, category, "Bomag BW 90 link", 1, { day: 45_000 });
});

describe("the link", () => {
  it("opens the sent offer, never cached, indexed or leaking its address, with the hash of its content", async () => {
    const { offer, token } = await sentOffer(excavator, 3, 5);
    const response = await read(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const view = (await response.json()) as OfferLinkView;
    expect(view.status).toBe("open");
    expect(view.answer).toBeNull();
    expect(view.offer).toMatchObject({ number: offer.number, total: offer.total, lang: "ro" });
    expect(view.offer.lines).toHaveLength(2);
    expect(view.content_hash).toBe(createHash("sha256").update(JSON.stringify(view.offer)).digest("hex"));
    expect(view.pdf_path).toBe(`/oferta/${token}/pdf`);
    expect(view.company_phone).toBe("0722000111");
  });

  it("answers an unknown, tampered or never-sent token 404 by the same lookup", async () => {
    const { token } = await sentOffer(excavator, 3, 5);
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [tampered, "nu-exista", "x".repeat(300)]) {
      const response = await read(wrong);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(errorBody("ERROR_OFFER_LINK_NOT_FOUND"));
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect((await accept(wrong)).status).toBe(404);
    }
  });

  it("answers an expired, cancelled or replaced offer 410 with its code, and takes no answer", async () => {
    const cases = [
      ["expirata", "OFFER_LINK_EXPIRED"],
      ["anulata", "OFFER_LINK_CANCELLED"],
      ["inlocuita", "OFFER_LINK_REPLACED"],
    ] as const;
    for (const [state, code] of cases) {
      const { offer, token } = await sentOffer(excavator, 3, 5);
      await db().updateTable("offers").set({ state }).where("id", "=", offer.uuid).execute();
      const response = await read(token);
      expect(response.status).toBe(410);
      expect(await response.json()).toEqual(errorBody(code));
      const answered = await accept(token);
      expect(answered.status).toBe(410);
      expect(await answered.json()).toEqual(errorBody(code));
      expect((await offerRow(offer.uuid)).state).toBe(state);
    }
    // Still trimisa, but its last valid day is past (the housekeeping has not marked it yet).
    const { offer, token } = await sentOffer(excavator, 3, 5);
    await db()
      .updateTable("offers")
      .set({ valid_until: day(-1) })
      .where("id", "=", offer.uuid)
      .execute();
    expect(await (await read(token)).json()).toEqual(errorBody("OFFER_LINK_EXPIRED"));
    expect((await post(token, "refuse", {})).status).toBe(410);
    expect((await offerRow(offer.uuid)).state).toBe("trimisa");
  });
});

describe("accepting", () => {
  it("records the proof, confirms the holds, finalizes the request, queues both e-mails with the .ics, logs the customer", async () => {
    const since = new Date().toISOString();
    const { offer, token, leadId } = await sentOffer(excavator, 4, 10);
    const before = (await (await read(token)).json()) as OfferLinkView;
    expect((await bookingsOf(offer.uuid)).map((b) => b.state)).toEqual(["tentativ"]);

    const response = await post(token, "accept", {
      name: "  Maria   Ionescu ",
      terms_accepted: true,
      content_hash: before.content_hash,
    });
    expect(response.status).toBe(200);
    const view = (await response.json()) as OfferLinkView;
    expect(view.status).toBe("accepted");
    expect(view.answer).toMatchObject({ name: "Maria Ionescu", reason: "", booking_conflict: false });

    const row = await offerRow(offer.uuid);
    expect(row).toMatchObject({
      state: "acceptata",
      answer_name: "Maria Ionescu",
      answer_address: "127.0.0.1",
      answer_user_agent: "TestBrowser/1.0",
      answer_content_hash: before.content_hash,
      booking_conflict: 0,
    });
    expect(row.answered_at).toBe(view.answer?.answered_at);
    const bookings = await bookingsOf(offer.uuid);
    expect(bookings.map((b) => [b.state, b.first_day, b.last_day])).toEqual([["confirmat", day(4), day(10)]]);
    const lead = await db().selectFrom("contact_requests").select("status").where("id", "=", leadId).executeTakeFirst();
    expect(lead?.status).toBe("finalizat");

    const [customer] = await mailsTo("ion@client.test", since);
    expect(customer.subject).toBe(`Confirmare: ați acceptat oferta ${offer.number}`);
    expect(customer.text_body).toContain("Maria Ionescu");
    const [ics] = await attachmentsOf(db(), customer.id);
    expect(ics.filename).toBe(`inchiriere-${offer.number}.ics`);
    expect(ics.contentType).toContain("text/calendar");
    const text = Buffer.from(ics.content).toString("utf8");
    expect(text).toMatch(/\r\n/);
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    expect(String(events[0].getFirstPropertyValue("dtstart"))).toBe(day(4));
    expect(String(events[0].getFirstPropertyValue("dtend"))).toBe(day(11));
    expect(String(events[0].getFirstPropertyValue("status"))).toBe("CONFIRMED");
    expect(String(events[0].getFirstPropertyValue("summary"))).toContain(excavator.model);

    const [office] = await mailsTo(OFFICE, since);
    expect(office.subject).toContain(`${offer.number} v1 a fost acceptata`);
    expect(office.text_body).toContain("Acceptata de: Maria Ionescu");

    const log = await json<ActivityPage>(await admin.call("GET", "/api/activity?kind=offer"), 200);
    const entry = log.items.find((e) => e.itemId === offer.uuid && e.action === "status_change");
    expect(entry).toMatchObject({ userId: null, userName: "Client: Maria Ionescu", address: "127.0.0.1" });
    expect(entry?.summary).toContain("acceptata de client");
    const bookingLog = await json<ActivityPage>(await admin.call("GET", "/api/activity?kind=booking"), 200);
    expect(bookingLog.items.some((e) => e.itemId === bookings[0].id && e.userName === "Client: Maria Ionescu")).toBe(
      true,
    );
  });

  it("accepting twice gives the same answer and writes nothing twice; a refusal after it is 409", async () => {
    const since = new Date().toISOString();
    const { offer, token } = await sentOffer(excavator, 12, 13);
    const first = (await (await accept(token)).json()) as OfferLinkView;
    const again = await accept(token, "Alt Nume");
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    const refused = await post(token, "refuse", { reason: "prea scump" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(errorBody("OFFER_ALREADY_ANSWERED"));
    expect(await mailsTo("ion@client.test", since)).toHaveLength(1);
    expect((await bookingsOf(offer.uuid)).map((b) => b.state)).toEqual(["confirmat"]);
    expect((await offerRow(offer.uuid)).answer_name).toBe("Ion Popescu");
  });

  it("accept and refuse at once: one wins, the other is told so, nothing half-written", async () => {
    for (let round = 0; round < 3; round += 1) {
      const { offer, token } = await sentOffer(excavator, 20 + round, 21 + round);
      const [accepted, refused] = await Promise.all([accept(token), post(token, "refuse", { reason: "nu" })]);
      const statuses = [accepted.status, refused.status].sort();
      expect(statuses).toEqual([200, 409]);
      const row = await offerRow(offer.uuid);
      const states = (await bookingsOf(offer.uuid)).map((b) => b.state);
      if (accepted.status === 200) {
        expect(row.state).toBe("acceptata");
        expect(states).toEqual(["confirmat"]);
      } else {
        expect(row.state).toBe("refuzata");
        expect(states).toEqual(["anulat"]);
      }
    }
  });

  it("two offers accepted at once for the last unit: exactly one gets it, the other is told the company will call", async () => {
    const first = await sentOffer(lastUnit, 30, 32);
    const second = await sentOffer(lastUnit, 31, 33);
    const answers = await Promise.all([accept(first.token), accept(second.token)]);
    const views = (await Promise.all(answers.map((r) => r.json()))) as OfferLinkView[];
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(views.map((v) => v.answer?.booking_conflict).sort()).toEqual([false, true]);
    const [winner, loser] = views[0].answer?.booking_conflict ? [second, first] : [first, second];
    expect((await bookingsOf(winner.offer.uuid)).map((b) => b.state)).toEqual(["confirmat"]);
    expect((await bookingsOf(loser.offer.uuid)).map((b) => b.state)).toEqual(["tentativ"]);
    expect(await offerRow(loser.offer.uuid)).toMatchObject({ state: "acceptata", booking_conflict: 1 });
    const confirmed = await db()
      .selectFrom("bookings")
      .select("id")
      .where("product_id", "=", lastUnit.uuid)
      .where("state", "=", "confirmat")
      .execute();
    expect(confirmed).toHaveLength(1);
  });

  it("a unit confirmed to someone else meanwhile: the acceptance is kept, nothing confirmed, the office told of the conflict", async () => {
    const since = new Date().toISOString();
    const { offer, token, leadId } = await sentOffer(lastUnit, 40, 42);
    await json<BookingView>(
      await admin.call("POST", "/api/bookings", {
        product_uuid: lastUnit.uuid,
        first_day: day(42),
        last_day: day(44),
        units: 1,
        state: "confirmat",
      }),
      201,
    );
    const view = (await (await accept(token)).json()) as OfferLinkView;
    expect(view).toMatchObject({ status: "accepted", answer: { booking_conflict: true } });
    expect((await bookingsOf(offer.uuid)).map((b) => b.state)).toEqual(["tentativ"]);
    const [office] = await mailsTo(OFFICE, since);
    expect(office.subject).toContain("CONFLICT");
    const [customer] = await mailsTo("ion@client.test", since);
    expect(customer.text_body).toContain("vă sunăm astăzi");
    const [ics] = await attachmentsOf(db(), customer.id);
    expect(Buffer.from(ics.content).toString("utf8")).toContain("STATUS:TENTATIVE");
    const admins = await json<OfferView>(await admin.call("GET", `/api/offers/${offer.uuid}`), 200);
    expect(admins.state).toBe("acceptata");
    expect(admins.answer).toMatchObject({
      name: "Ion Popescu",
      booking_conflict: true,
      address: "127.0.0.1",
      user_agent: "TestBrowser/1.0",
      content_hash: view.content_hash,
    });
    const inbox = await json<LeadView>(await admin.call("GET", `/api/contact/requests/${leadId}`), 200);
    expect(inbox.offerConflict).toEqual({ uuid: offer.uuid, number: offer.number });
  });
});

describe("refusing", () => {
  it("keeps the reason as written, releases the holds, finalizes the request and tells the office", async () => {
    const since = new Date().toISOString();
    const { offer, token, leadId } = await sentOffer(excavator, 50, 52);
    const reason = "Prea scump <script>alert(1)</script>\nRevenim în martie";
    const response = await post(token, "refuse", { reason });
    expect(response.status).toBe(200);
    const view = (await response.json()) as OfferLinkView;
    expect(view).toMatchObject({ status: "refused", answer: { reason, name: "", booking_conflict: false } });
    expect(await offerRow(offer.uuid)).toMatchObject({ state: "refuzata", answer_reason: reason });
    expect((await bookingsOf(offer.uuid)).map((b) => b.state)).toEqual(["anulat"]);
    const lead = await db().selectFrom("contact_requests").select("status").where("id", "=", leadId).executeTakeFirst();
    expect(lead?.status).toBe("finalizat");
    const [office] = await mailsTo(OFFICE, since);
    expect(office.subject).toContain("refuzata");
    expect(office.text_body).toContain(reason);
    expect(await mailsTo("ion@client.test", since)).toHaveLength(0);
    expect((await post(token, "refuse", { reason: "altul" })).status).toBe(200);
    expect((await offerRow(offer.uuid)).answer_reason).toBe(reason);
    const accepted = await accept(token);
    expect(accepted.status).toBe(409);
    expect(await accepted.json()).toEqual(errorBody("OFFER_ALREADY_ANSWERED"));
  });
});

describe("bad input", () => {
  it("refuses a body without the name or the box, each with its code, and writes nothing", async () => {
    const { offer, token } = await sentOffer(excavator, 60, 61);
    const cases: [unknown, { msg: string; path: string }[]][] = [
      [{ terms_accepted: true }, [{ msg: "REQUIRED_OFFER_ANSWER_NAME", path: "name" }]],
      [{ name: "   ", terms_accepted: true }, [{ msg: "REQUIRED_OFFER_ANSWER_NAME", path: "name" }]],
      [{ name: "Ion" }, [{ msg: "REQUIRED_OFFER_TERMS_ACCEPTED", path: "terms_accepted" }]],
      [{ name: "Ion", terms_accepted: "yes" }, [{ msg: "REQUIRED_OFFER_TERMS_ACCEPTED", path: "terms_accepted" }]],
      [{ name: "x".repeat(201), terms_accepted: true }, [{ msg: "INVALID_OFFER_ANSWER_NAME", path: "name" }]],
      [{ name: "Ion\u200b", terms_accepted: true }, [{ msg: "INVALID_OFFER_ANSWER_NAME", path: "name" }]],
      [
        { name: "Ion", terms_accepted: true, content_hash: "abc" },
        [{ msg: "INVALID_OFFER_CONTENT_HASH", path: "content_hash" }],
      ],
      [
        [],
        [
          { msg: "REQUIRED_OFFER_ANSWER_NAME", path: "name" },
          { msg: "REQUIRED_OFFER_TERMS_ACCEPTED", path: "terms_accepted" },
        ],
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await post(token, "accept", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors });
    }
    const reason = await post(token, "refuse", { reason: "y".repeat(1001) });
    expect(await reason.json()).toEqual({ errors: [{ msg: "INVALID_OFFER_ANSWER_REASON", path: "reason" }] });
    const notJson = await post(token, "accept", "{name:");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual(errorBody("ERROR_BAD_REQUEST"));
    const wrongType = await post(token, "accept", "name=Ion&terms_accepted=on", {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toEqual(errorBody("ERROR_UNSUPPORTED_MEDIA_TYPE"));
    const huge = await post(token, "accept", { name: "Ion", terms_accepted: true, pad: "z".repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual(errorBody("ERROR_PAYLOAD_TOO_LARGE"));
    const deep = await post(token, "accept", `${"[".repeat(5000)}${"]".repeat(5000)}`);
    expect(deep.status).toBe(400);
    expect((await offerRow(offer.uuid)).state).toBe("trimisa");
    expect((await bookingsOf(offer.uuid)).map((b) => b.state)).toEqual(["tentativ"]);
  });

  it("refuses an answer to content that changed since it was read (409), and keeps the offer open", async () => {
    const { offer, token } = await sentOffer(excavator, 62, 63);
    const view = (await (await read(token)).json()) as OfferLinkView;
    const terms = await admin.call("PUT", "/api/configuration/update", [
      ...CONTACT,
      { key: "offer_terms", value: `Condiții noi de închiriere ${offer.number}` },
    ]);
    expect(terms.status).toBe(200);
    const changed = await post(token, "accept", { name: "Ion", terms_accepted: true, content_hash: view.content_hash });
    expect(changed.status).toBe(409);
    expect(await changed.json()).toEqual(errorBody("OFFER_CONTENT_CHANGED"));
    expect((await offerRow(offer.uuid)).state).toBe("trimisa");
    const fresh = (await (await read(token)).json()) as OfferLinkView;
    expect(fresh.content_hash).not.toBe(view.content_hash);
  });

  it("keeps markup in the name as text: stored as typed, escaped on the page", async () => {
    const { offer, token } = await sentOffer(excavator, 64, 65);
    const name = `<img src=x onerror="alert(1)">&amp; Ion`;
    expect((await accept(token, name)).status).toBe(200);
    expect((await offerRow(offer.uuid)).answer_name).toBe(name);
    const page = await (await admin.server.fetch(`/oferta/${token}`)).text();
    expect(page).not.toContain("<img src=x");
    expect(page).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;amp; Ion");
  });
});

describe("the page /oferta/<token>", () => {
  const page = (token: string, query = "") => admin.server.fetch(`/oferta/${token}${query}`);
  const form = (token: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    admin.server.fetch(`/oferta/${token}?lang=ro`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    });

  it("shows the offer in its language, with the other a link away, private, unindexed, without a script", async () => {
    const { offer, token } = await sentOffer(excavator, 70, 72);
    const response = await page(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const html = await response.text();
    expect(html).toContain('<html lang="ro">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain("<script");
    expect(html).toContain(`Ofertă ${offer.number}`);
    expect(html).toContain(excavator.model);
    expect(html).toContain("Total de plată");
    expect(html).toContain(`href="/oferta/${token}?lang=en"`);
    expect(html).toContain(`href="/oferta/${token}/pdf?lang=ro"`);
    expect(html).toContain(`<form method="post" action="/oferta/${token}?lang=ro">`);
    const english = await (await page(token, "?lang=en")).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain(`Offer ${offer.number}`);
    expect(english).toContain("Accept the offer");
  });

  it("says an unknown link leads nowhere (404) and a cancelled offer no longer holds (410), with the phone", async () => {
    const missing = await page("nu-exista");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await missing.text()).toContain('href="tel:0722000111"');
    const { offer, token } = await sentOffer(excavator, 70, 72);
    await db().updateTable("offers").set({ state: "anulata" }).where("id", "=", offer.uuid).execute();
    const gone = await page(token);
    expect(gone.status).toBe(410);
    const html = await gone.text();
    expect(html).toContain("Oferta a fost anulata");
    expect(html).toContain('href="tel:0722000111"');
    expect(html).not.toContain("<form");
    expect((await admin.server.fetch(`/oferta/${token}/pdf`)).status).toBe(410);
  });

  it("accepts from the form, then redirects to the page, which shows the answer (POST-redirect-GET)", async () => {
    const { offer, token } = await sentOffer(excavator, 74, 75);
    const hash = ((await (await read(token)).json()) as OfferLinkView).content_hash;
    // As the page's own form arrives: no origin (its referrer policy), the browser saying same-origin.
    const response = await form(
      token,
      { answer: "accept", name: "Elena Radu", terms_accepted: "on", content_hash: hash },
      { Origin: "null", "Sec-Fetch-Site": "same-origin" },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/oferta/${token}?lang=ro`);
    expect(await offerRow(offer.uuid)).toMatchObject({ state: "acceptata", answer_name: "Elena Radu" });
    const html = await (await page(token)).text();
    expect(html).toContain("Ați acceptat această ofertă");
    expect(html).toContain("Elena Radu");
    expect(html).not.toContain("<form");
    // A reload of the post answers nothing twice.
    expect((await form(token, { answer: "accept", name: "Elena Radu", terms_accepted: "on" })).status).toBe(303);
    expect((await bookingsOf(offer.uuid)).map((b) => b.state)).toEqual(["confirmat"]);
  });

  it("writes the form again with its errors and what was typed, and refuses from the form", async () => {
    const { offer, token } = await sentOffer(excavator, 76, 77);
    const missing = await form(token, { answer: "accept", name: "", reason: "" });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Scrieti numele persoanei care accepta oferta");
    expect(html).toContain("Bifati ca acceptati conditiile de inchiriere");
    expect(html).toContain('aria-invalid="true"');
    const unticked = await form(token, { answer: "accept", name: "Ana <b>Pop</b>" });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain('value="Ana &#60;b&#62;Pop&#60;/b&#62;"');
    const refused = await form(token, { answer: "refuse", reason: "Am găsit altceva" });
    expect(refused.status).toBe(303);
    expect(await offerRow(offer.uuid)).toMatchObject({ state: "refuzata", answer_reason: "Am găsit altceva" });
    expect(await (await page(token)).text()).toContain("Ați refuzat această ofertă");
  });

  it("refuses a post from another site's page, and a body that is not the form", async () => {
    const { offer, token } = await sentOffer(excavator, 78, 79);
    const fields = { answer: "accept", name: "Ion", terms_accepted: "on" };
    const foreign = await form(token, fields, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain("Raspunsul se trimite doar din pagina ofertei");
    expect((await form(token, fields, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await form(token, fields, { "Sec-Fetch-Site": "same-site", Origin: "null" })).status).toBe(403);
    const wrongType = await admin.server.fetch(`/oferta/${token}`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "answer=accept",
    });
    expect(wrongType.status).toBe(415);
    const huge = await form(token, { ...fields, name: "x".repeat(100_000) });
    expect(huge.status).toBe(413);
    expect((await offerRow(offer.uuid)).state).toBe("trimisa");
  });

  it("downloads the offer's PDF from its link", async () => {
    const { offer, token } = await sentOffer(excavator, 80, 81);
    const response = await admin.server.fetch(`/oferta/${token}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toContain(`${offer.number}-v1.pdf`);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await admin.server.fetch("/oferta/nu-exista/pdf")).status).toBe(404);
  });
});
