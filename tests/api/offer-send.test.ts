import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../common/activity/activity-schemas.ts";
import type { BookingView } from "../../common/bookings/booking-schemas.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import { moneyText } from "../../common/pricing/amount-text.ts";
import { hashToken } from "../../server/auth/random-tokens.ts";
import { expireOffers } from "../../server/offers/offer-expiry.ts";
import { workJob } from "../../server/work/work-pool.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { dayFromToday } from "../helpers/days.ts";
import { draftMachineLine, pricedMachine } from "../helpers/offer-api.ts";
import { officeContact } from "../helpers/office-contact.ts";
import { json } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { storeLead } from "../fixtures/leads.ts";
import { emlFiles } from "../helpers/outbox-files.ts";
import { parseMessage, type ReceivedMail } from "../helpers/smtp.ts";
import type * as Jobs from "../fixtures/work-jobs.ts";

/**
 * Sending an offer (decision 096) over real HTTP on either database (TEST_DIALECT): the .eml the
 * outbox writes (subject, link, the PDF attached and read back with pdftotext), the tentative holds,
 * a second version replacing the first, cancel and expiry releasing the holds, the request marked
 * contacted, and what keeps a draft from being sent: its state, no e-mail, a validity or a line no
 * longer valid, the work pool full, two sends at once.
 */

const admin = withAdminServer({ LOG_LEVEL: "error" });
const run = promisify(execFile);
const waitFor = workJob<typeof Jobs, "waitFor">(new URL("../fixtures/work-jobs.ts", import.meta.url), "waitFor");
const day = dayFromToday;
const MARKUP = `<script>alert(1)</script> & <b>"x"</b>`;

let folder: string;
let category: CategoryView;
let excavator: ProductView;
let roller: ProductView;
let customers = 0;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "utilaje-offer-send-"));
  category = await json<CategoryView>(await admin.call("POST", "/api/category/create", { name: "Trimise" }), 201);
  excavator = await pricedMachine(admin, category, "Kubota KX019 Ștefănești", 2, {
    day: 45_000,
    week: 250_000,
    operator_day: 30_000,
  });
  roller = await pricedMachine(admin, category, "Bomag BW 90", 1, { day: 20_000 });
  await json(
    await admin.call("PUT", "/api/configuration/update", [
      ...officeContact("oferte@utilaje.test"),
      { key: "company_legal_name", value: "SC Utilaje Țărănești SRL" },
    ]),
    200,
  );
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A draft for a customer of its own (its e-mail finds its message among the others). */
async function draft(lines: unknown[], fields: Record<string, unknown> = {}): Promise<OfferView> {
  customers += 1;
  const body = { customer_name: "Ionuț Știrbu", customer_email: `client${customers}@example.ro`, lines, ...fields };
  return json<OfferView>(await admin.call("POST", "/api/offers", body), 201);
}

const send = (offer: Pick<OfferView, "uuid">) => admin.call("POST", `/api/offers/${offer.uuid}/send`);
const read = async (id: string) => json<OfferView>(await admin.call("GET", `/api/offers/${id}`), 200);

/** The message the outbox wrote to `to` as an .eml file, once it is there. */
async function mailTo(to: string): Promise<ReceivedMail> {
  const dataDir = admin.server.services.config.DATA_DIR;
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const file of emlFiles(dataDir)) {
          const mail = parseMessage((await readFile(file, "utf8")).replace(/\r?\n/g, "\r\n"), [to]);
          if (mail.header("To") === to) found = mail;
        }
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as ReceivedMail;
}

/** How many messages went to `to` (read once the first is there). */
async function mailsTo(to: string): Promise<number> {
  let count = 0;
  for (const file of emlFiles(admin.server.services.config.DATA_DIR))
    if ((await readFile(file, "utf8")).includes(`To: ${to}`)) count += 1;
  return count;
}

/** A header's RFC 2047 encoded words decoded (nodemailer writes a subject with diacritics so). */
function decoded(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const file = path.join(folder, `${crypto.randomUUID()}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
  return stdout.replace(/[ \t\u00a0]+/g, " ");
}

/** The personal link of a message's text, checked against the version's stored hash. */
function linkOf(mail: ReceivedMail): { url: string; token: string } {
  const publicUrl = admin.server.services.config.PUBLIC_URL;
  const match = new RegExp(`${publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/oferta/([A-Za-z0-9_-]{43})`).exec(
    mail.text,
  );
  if (!match) throw new Error(`no offer link in:\n${mail.text}`);
  return { url: match[0], token: match[1] };
}

function offerRow(id: string) {
  return admin.server.services.db.selectFrom("offers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

function holdsOf(offerId: string) {
  return admin.server.services.db
    .selectFrom("bookings")
    .selectAll()
    .where("offer_id", "=", offerId)
    .orderBy("first_day")
    .orderBy("units")
    .execute();
}

describe("sending a draft", () => {
  it("sends the e-mail with the link and the PDF, holds the machines, marks the request contacted, in one step", async () => {
    const { id: leadId } = await storeLead(admin.server.services.db, new Date());
    const offer = await draft(
      [
        draftMachineLine(excavator, 1, 9, { units: 2, with_operator: true, discount: 1000 }),
        draftMachineLine(roller, 3, 4),
        { kind: "free", description: `Transport ${MARKUP}`, amount: 60_000 },
      ],
      { lead_uuid: leadId, customer_company: `Construcții ${MARKUP}`, discount: 500, notes: `Notă ${MARKUP}` },
    );
    const sent = await json<OfferView>(await send(offer), 200);
    expect(sent).toMatchObject({ uuid: offer.uuid, state: "trimisa", total: offer.total, lines: offer.lines });
    expect(Date.parse(sent.sent_at ?? "")).toBeGreaterThan(Date.now() - 60_000);

    const mail = await mailTo(offer.customer_email);
    expect(decoded(mail.subject)).toBe(`Ofertă ${offer.number}`);
    expect(mail.header("Reply-To")).toBe("oferte@utilaje.test");
    const { url, token } = linkOf(mail);
    expect((await offerRow(offer.uuid)).link_hash).toBe(hashToken(token));
    for (const expected of [
      "Bună ziua, Ionuț Știrbu,",
      `Vă trimitem oferta ${offer.number}`,
      `Transport ${MARKUP}`,
      moneyText(offer.total, "RON", "ro"),
      "Linkul este personal",
      "sunați-ne la 0722000111",
      "SC Utilaje Țărănești SRL",
    ])
      expect(mail.text).toContain(expected);
    // Markup in every field is shown as text in the HTML body, never as markup.
    expect(mail.html).toContain(`<a href="${url}">${url}</a>`);
    expect(mail.html).toContain(
      "Transport &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#60;b&#62;&#34;x&#34;&#60;/b&#62;",
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");

    expect(mail.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: `${offer.number}-v1.pdf`, contentType: "application/pdf" },
    ]);
    const text = await pdfText(mail.attachments[0].content);
    for (const expected of [
      `Ofertă ${offer.number}`,
      "Kubota KX019 Ștefănești",
      "Bomag BW 90",
      // Drawn as the characters it is made of (the narrow column breaks it further on).
      "Transport <script>alert(1)</script>",
      `Construcții ${MARKUP}`,
      "Oferta online",
      "Răspunsul dumneavoastră",
      url,
      ...offer.lines.map((line) => moneyText(line.total, "RON", "ro")),
      moneyText(offer.vat_amount, "RON", "ro"),
      moneyText(offer.total, "RON", "ro"),
    ])
      expect(text).toContain(expected);

    const holds = await holdsOf(offer.uuid);
    expect(
      holds.map(({ product_id, units, first_day, last_day, state, lead_id, note }) => ({
        product_id,
        units,
        first_day,
        last_day,
        state,
        lead_id,
        note,
      })),
    ).toEqual([
      {
        product_id: excavator.uuid,
        units: 2,
        first_day: day(1),
        last_day: day(9),
        state: "tentativ",
        lead_id: leadId,
        note: `Ofertă ${offer.number} v1`,
      },
      {
        product_id: roller.uuid,
        units: 1,
        first_day: day(3),
        last_day: day(4),
        state: "tentativ",
        lead_id: leadId,
        note: `Ofertă ${offer.number} v1`,
      },
    ]);
    // They are bookings: the request's bookings list them, and the days show taken in the availability.
    const listed = await json<BookingView[]>(await admin.call("GET", `/api/bookings?lead=${leadId}`), 200);
    expect(listed.map((booking) => booking.state)).toEqual(["tentativ", "tentativ"]);
    const availability = await json<{ days: { day: string; state: string }[] }>(
      await admin.call("GET", `/api/bookings/availability?product=${excavator.uuid}&from=${day(1)}&to=${day(1)}`),
      200,
    );
    expect(availability.days).toEqual([{ day: day(1), state: "booked" }]);

    const lead = await json<{ status: string }>(await admin.call("GET", `/api/contact/requests/${leadId}`), 200);
    expect(lead.status).toBe("contactat");
    const log = await json<ActivityPage>(await admin.call("GET", "/api/activity?kind=offer"), 200);
    const entry = log.items.find((item) => item.itemName.startsWith(`${offer.number} v1`));
    expect(entry).toMatchObject({ action: "status_change" });
    expect(entry?.summary).toContain("Oferta trimisa");
    expect(entry?.summary).toContain("cererea: nou -> contactat");
    expect(entry?.summary).not.toContain(token);
  });

  it("writes to an English customer in English", async () => {
    const offer = await draft([draftMachineLine(roller, 5, 6)], { lang: "en" });
    await json(await send(offer), 200);
    const mail = await mailTo(offer.customer_email);
    expect(decoded(mail.subject)).toBe(`Offer ${offer.number}`);
    expect(mail.text).toContain("Hello Ionuț Știrbu,");
    expect(mail.text).toContain("See the offer and accept or refuse it online");
    expect(mail.text).not.toContain("Bună ziua");
    const text = await pdfText(mail.attachments[0].content);
    expect(text).toContain("This offer online");
    expect(text).toContain(linkOf(mail).url);
  });

  it("allows a hold over a fleet already taken: a tentative booking is no promise", async () => {
    const first = await draft([draftMachineLine(roller, 20, 21)]);
    const second = await draft([draftMachineLine(roller, 20, 21)]);
    await json(await send(first), 200);
    await json(await send(second), 200);
    expect((await holdsOf(second.uuid)).map((hold) => hold.state)).toEqual(["tentativ"]);
  });
});

describe("a new version sent", () => {
  it("replaces the sent one: its link's version is inlocuita and its holds move to the new version", async () => {
    const first = await draft([draftMachineLine(excavator, 30, 33)]);
    await json(await send(first), 200);
    const oldToken = linkOf(await mailTo(first.customer_email)).token;
    const next = await json<OfferView>(await admin.call("POST", `/api/offers/${first.uuid}/versions`), 201);
    await json(
      await admin.call("PUT", `/api/offers/${next.uuid}`, {
        customer_name: next.customer_name,
        customer_email: next.customer_email,
        lines: [draftMachineLine(excavator, 31, 35, { units: 2 })],
      }),
      200,
    );
    // Until the new version is sent the first stays sent, its machines held.
    expect((await holdsOf(first.uuid)).map((hold) => hold.state)).toEqual(["tentativ"]);
    const sent = await json<OfferView>(await send(next), 200);
    expect(sent.versions).toEqual([
      { uuid: first.uuid, offer_version: 1, state: "inlocuita" },
      { uuid: next.uuid, offer_version: 2, state: "trimisa" },
    ]);
    const oldRow = await admin.server.services.db
      .selectFrom("offers")
      .select(["id", "state"])
      .where("link_hash", "=", hashToken(oldToken))
      .executeTakeFirstOrThrow();
    expect(oldRow).toEqual({ id: first.uuid, state: "inlocuita" });
    expect((await holdsOf(first.uuid)).map((hold) => hold.state)).toEqual(["anulat"]);
    expect(
      (await holdsOf(next.uuid)).map(({ units, first_day, last_day, state }) => ({
        units,
        first_day,
        last_day,
        state,
      })),
    ).toEqual([{ units: 2, first_day: day(31), last_day: day(35), state: "tentativ" }]);
    const mail = await (async () => {
      await expect.poll(() => mailsTo(first.customer_email), { timeout: 15_000 }).toBe(2);
      const files = emlFiles(admin.server.services.config.DATA_DIR);
      const texts = await Promise.all(files.map((file) => readFile(file, "utf8")));
      return texts.find((text) => text.includes(`To: ${first.customer_email}`) && text.includes("versiunea 2"));
    })();
    expect(mail).toBeDefined();
    const newToken = linkOf(parseMessage((mail ?? "").replace(/\r?\n/g, "\r\n"), [])).token;
    expect(newToken).not.toBe(oldToken);
    expect((await offerRow(next.uuid)).link_hash).toBe(hashToken(newToken));
  });
});

describe("cancelling and expiry", () => {
  it("a sent offer cancelled releases its holds", async () => {
    const offer = await draft([draftMachineLine(roller, 40, 41)]);
    await json(await send(offer), 200);
    await json(await admin.call("POST", `/api/offers/${offer.uuid}/cancel`), 200);
    expect((await holdsOf(offer.uuid)).map((hold) => hold.state)).toEqual(["anulat"]);
  });

  it("a sent offer past its validity expires, its holds released, once however many sweeps run at once", async () => {
    const outlived = await draft([draftMachineLine(excavator, 50, 52)]);
    const valid = await draft([draftMachineLine(excavator, 50, 52)]);
    await json(await send(outlived), 200);
    await json(await send(valid), 200);
    // Its validity written in the past, as days passing would leave it.
    await admin.server.services.db
      .updateTable("offers")
      .set({ valid_until: day(-1) })
      .where("id", "=", outlived.uuid)
      .execute();
    const sweeps = await Promise.all([
      expireOffers(admin.server.services, new Date()),
      expireOffers(admin.server.services, new Date()),
    ]);
    expect(sweeps.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await read(outlived.uuid)).state).toBe("expirata");
    expect((await holdsOf(outlived.uuid)).map((hold) => hold.state)).toEqual(["anulat"]);
    expect((await read(valid.uuid)).state).toBe("trimisa");
    expect((await holdsOf(valid.uuid)).map((hold) => hold.state)).toEqual(["tentativ"]);
    const log = await json<ActivityPage>(await admin.call("GET", "/api/activity?kind=offer"), 200);
    const entries = log.items.filter(
      (item) => item.itemName.startsWith(`${outlived.number} v1`) && item.summary.startsWith("Oferta expirata"),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0].userName).toBe("(automat)");
    // A day later by the sweep's clock, the other one too.
    expect(await expireOffers(admin.server.services, new Date(`${day(16)}T12:00:00Z`))).toBeGreaterThanOrEqual(1);
    expect((await read(valid.uuid)).state).toBe("expirata");
  });
});

describe("what keeps a draft from being sent", () => {
  it("refuses a sent offer, a draft with no e-mail or a past validity, each by its code", async () => {
    const offer = await draft([draftMachineLine(roller, 60, 60)]);
    await json(await send(offer), 200);
    expect(await json(await send(offer), 409)).toEqual(errorBody("OFFER_NOT_DRAFT"));
    const cancelled = await draft([draftMachineLine(roller, 60, 60)]);
    await json(await admin.call("POST", `/api/offers/${cancelled.uuid}/cancel`), 200);
    expect(await json(await send(cancelled), 409)).toEqual(errorBody("OFFER_NOT_DRAFT"));
    const noMail = await draft([draftMachineLine(roller, 60, 60)], { customer_email: "" });
    expect(await json(await send(noMail), 409)).toEqual(errorBody("OFFER_WITHOUT_EMAIL"));
    const outlived = await draft([draftMachineLine(roller, 60, 60)]);
    await admin.server.services.db
      .updateTable("offers")
      .set({ valid_until: day(-1) })
      .where("id", "=", outlived.uuid)
      .execute();
    expect(await json(await send(outlived), 409)).toEqual(errorBody("OFFER_VALIDITY_PASSED"));
    for (const refused of [noMail, outlived]) {
      expect((await read(refused.uuid)).state).toBe("ciorna");
      expect(await holdsOf(refused.uuid)).toEqual([]);
    }
    expect(await json(await admin.call("POST", `/api/offers/${crypto.randomUUID()}/send`), 404)).toEqual(
      errorBody("ERROR_OFFER_NOT_FOUND"),
    );
    expect(await json(await admin.call("POST", "/api/offers/nope/send"), 404)).toEqual(
      errorBody("ERROR_OFFER_NOT_FOUND"),
    );
    expect((await admin.server.fetch(`/api/offers/${offer.uuid}/send`, { method: "POST" })).status).toBe(401);
  });

  it("refuses a line whose machine went to the trash, or whose days have passed, by the line's code", async () => {
    const doomed = await pricedMachine(admin, category, "Atlas Copco LP 9", 1, { day: 10_000 });
    const offer = await draft([draftMachineLine(roller, 70, 70), draftMachineLine(doomed, 70, 71)]);
    expect((await admin.call("DELETE", `/api/product/${doomed.uuid}`)).status).toBe(204);
    expect(await json(await send(offer), 400)).toEqual({
      errors: [{ msg: "OFFER_LINE_MACHINE_IN_TRASH", path: "lines.1.product_uuid" }],
    });
    const past = await draft([draftMachineLine(roller, 71, 71), draftMachineLine(roller, 72, 72)]);
    await admin.server.services.db
      .updateTable("offer_lines")
      .set({ first_day: day(-2), last_day: day(-1) })
      .where("offer_id", "=", past.uuid)
      .where("position", "=", 1)
      .execute();
    expect(await json(await send(past), 400)).toEqual({
      errors: [{ msg: "OFFER_LINE_IN_THE_PAST", path: "lines.1.first_day" }],
    });
    for (const refused of [offer, past]) {
      expect((await read(refused.uuid)).state).toBe("ciorna");
      expect(await holdsOf(refused.uuid)).toEqual([]);
      expect(await mailsTo(refused.customer_email)).toBe(0);
    }
  });

  it("sends once of two sends at once: one e-mail, one set of holds", async () => {
    const offer = await draft([draftMachineLine(excavator, 80, 81)]);
    const replies = await Promise.all([send(offer), send(offer)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const refused = replies.find((reply) => reply.status === 409);
    expect(await refused?.json()).toEqual(errorBody("OFFER_NOT_DRAFT"));
    await mailTo(offer.customer_email);
    expect(await mailsTo(offer.customer_email)).toBe(1);
    expect(await holdsOf(offer.uuid)).toHaveLength(1);
  });

  it("is refused with 503 and Retry-After when the sheets' queue is full, nothing written", async () => {
    const offer = await draft([draftMachineLine(roller, 90, 90)]);
    const pool = admin.server.services.work.specSheets;
    const release = path.join(folder, "release-send");
    const held = Array.from({ length: 9 }, () => pool.run(waitFor, release));
    await expect.poll(() => pool.counts.waiting, { timeout: 10_000 }).toBe(8);
    const refused = await send(offer);
    await writeFile(release, "");
    await Promise.all(held);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("5");
    expect(await refused.json()).toEqual(errorBody("ERROR_SERVER_BUSY"));
    expect((await read(offer.uuid)).state).toBe("ciorna");
    expect(await holdsOf(offer.uuid)).toEqual([]);
    expect(await mailsTo(offer.customer_email)).toBe(0);
    await json(await send(offer), 200);
  });
});

describe("the inbox follows each request's newest offer", () => {
  interface InboxLead {
    id: string;
    status: string;
    offerState: string | null;
  }
  const inbox = async (query: string) =>
    (await json<{ items: InboxLead[] }>(await admin.call("GET", `/api/contact/requests?pageSize=100${query}`), 200))
      .items;

  it("shows the state of its newest offer, and filters by it", async () => {
    const db = admin.server.services.db;
    const { id: none } = await storeLead(db, new Date(), { last_name: "Fără" });
    const { id: drafted } = await storeLead(db, new Date(), { last_name: "Ciornă" });
    const { id: sent } = await storeLead(db, new Date(), { last_name: "Trimisă" });
    const { id: revised } = await storeLead(db, new Date(), { last_name: "Revizuită", status: "finalizat" });
    await draft([draftMachineLine(roller, 100, 100)], { lead_uuid: drafted });
    await json(await send(await draft([draftMachineLine(roller, 101, 101)], { lead_uuid: sent })), 200);
    // A cancelled older offer, then a sent one with a new version written: the newest version counts.
    const cancelled = await draft([draftMachineLine(roller, 102, 102)], { lead_uuid: revised });
    await json(await admin.call("POST", `/api/offers/${cancelled.uuid}/cancel`), 200);
    const first = await draft([draftMachineLine(roller, 103, 103)], { lead_uuid: revised });
    await json(await send(first), 200);
    await json(await admin.call("POST", `/api/offers/${first.uuid}/versions`), 201);

    const states = new Map((await inbox("")).map((lead) => [lead.id, lead]));
    expect(states.get(none)).toMatchObject({ offerState: null, status: "nou" });
    expect(states.get(drafted)).toMatchObject({ offerState: "ciorna", status: "nou" });
    expect(states.get(sent)).toMatchObject({ offerState: "trimisa", status: "contactat" });
    // A request already finished keeps its status when an offer for it is sent.
    expect(states.get(revised)).toMatchObject({ offerState: "ciorna", status: "finalizat" });
    const page = await json<InboxLead>(await admin.call("GET", `/api/contact/requests/${sent}`), 200);
    expect(page.offerState).toBe("trimisa");

    const ids = async (query: string) => (await inbox(query)).map((lead) => lead.id);
    expect(await ids("&offer=none")).toContain(none);
    expect(await ids("&offer=none")).not.toContain(drafted);
    expect(await ids("&offer=trimisa")).toEqual(expect.arrayContaining([sent]));
    expect(await ids("&offer=trimisa")).not.toContain(revised);
    expect(await ids("&offer=ciorna")).toEqual(expect.arrayContaining([drafted, revised]));
    for (const lead of await inbox("&offer=ciorna")) expect(lead.offerState).toBe("ciorna");
    expect(await json(await admin.call("GET", "/api/contact/requests?offer=nimic"), 400)).toEqual({
      errors: [{ msg: "INVALID_CONTACT_REQUEST_OFFER", path: "offer" }],
    });
    const csv = await (await admin.call("GET", "/api/contact/requests/export?offer=none")).text();
    expect(csv).toContain("Fără");
    expect(csv).not.toContain("Ciornă");
  });
});
