import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import { storeLead } from "../fixtures/leads.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { draftMachineLine, pricedMachine } from "../helpers/offer-api.ts";
import { officeContact } from "../helpers/office-contact.ts";
import { json } from "../helpers/catalogue-api.ts";
import { errorBody } from "../helpers/error-body.ts";
import { emlFiles } from "../helpers/outbox-files.ts";

/**
 * Erasing a request (a person's right to erasure, decision 100) over real HTTP on either database
 * (TEST_DIALECT): the customer's data leaves every offer written for it, sent, accepted or draft; the
 * e-mails that carried or answered them go with their .eml copies; the Jurnal keeps the offers and
 * the customer's steps without their name or address. The offers' numbers, totals, states and
 * bookings stay, and another request's offer is untouched.
 */

const admin = withAdminServer({ LOG_LEVEL: "error" });
const db = () => admin.server.services.db;

/** Everything the erased customer wrote or was written as. */
const CUSTOMER = {
  customer_name: "Ileana Cozma",
  customer_company: "Cozma Construct SRL",
  customer_email: "ileana.cozma@example.ro",
  customer_phone: "0733 444 555",
};
const BROWSER = "ErasureTestBrowser/1.0";
const TRACES = ["Ileana", "Cozma", "ileana.cozma@", "0733 444 555", BROWSER];

let excavator: ProductView;

beforeAll(async () => {
  const category = await json<CategoryView>(await admin.call("POST", "/api/category/create", { name: "Sterse" }), 201);
  excavator = await pricedMachine(admin, category, "Kubota KX027", 3, { day: 45_000 });
  await json(await admin.call("PUT", "/api/configuration/update", officeContact("oferte-sterse@utilaje.test")), 200);
});

async function draft(leadId: string, customer: Record<string, string>, first: number): Promise<OfferView> {
  const lines = [draftMachineLine(excavator, first, first + 2)];
  return json<OfferView>(await admin.call("POST", "/api/offers", { lead_uuid: leadId, lines, ...customer }), 201);
}

/** Sends the draft; the personal link's token, read from the message the outbox holds. */
async function send(offer: OfferView): Promise<string> {
  await json(await admin.call("POST", `/api/offers/${offer.uuid}/send`), 200);
  const mail = await db()
    .selectFrom("mail_outbox")
    .select("text_body")
    .where("offer_id", "=", offer.uuid)
    .executeTakeFirstOrThrow();
  const token = /\/oferta\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1];
  if (!token) throw new Error(`no link in:\n${mail.text_body}`);
  return token;
}

const offerRow = (id: string) => db().selectFrom("offers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const mailIdsOf = async (offerIds: string[]) =>
  (await db().selectFrom("mail_outbox").select("id").where("offer_id", "in", offerIds).execute()).map((row) => row.id);
const emlOf = (mailId: string) =>
  emlFiles(admin.server.services.config.DATA_DIR).filter((file) => file.endsWith(`-${mailId}.eml`));

describe("DELETE /api/contact/requests/{id} with offers", () => {
  it("takes the customer out of its offers, their e-mails and the Jurnal, and leaves the figures and another request alone", async () => {
    const { id: leadId } = await storeLead(db(), new Date(), { last_name: "Cozma", first_name: "Ileana" });
    const { id: otherLeadId } = await storeLead(db(), new Date(), { last_name: "Dobre", first_name: "Mihai" });

    const accepted = await draft(leadId, CUSTOMER, 3);
    const token = await send(accepted);
    const answer = await admin.server.fetch(`/api/offer-links/${token}/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": BROWSER },
      body: JSON.stringify({ name: "Ileana Cozma", terms_accepted: true }),
    });
    expect(answer.status).toBe(200);
    const pending = await draft(leadId, CUSTOMER, 10);
    const other = await draft(otherLeadId, { customer_name: "Mihai Dobre", customer_email: "mihai@example.ro" }, 20);
    await send(other);

    // The sending, the office's and the customer's mails of the answer, each written as an .eml file.
    const erasedMails = await mailIdsOf([accepted.uuid]);
    const keptMails = await mailIdsOf([other.uuid]);
    expect(erasedMails).toHaveLength(3);
    expect(keptMails).toHaveLength(1);
    await vi.waitFor(() => {
      for (const id of [...erasedMails, ...keptMails]) expect(emlOf(id)).toHaveLength(1);
    });
    const before = await offerRow(accepted.uuid);
    expect(before).toMatchObject({ state: "acceptata", answer_name: "Ileana Cozma", answer_user_agent: BROWSER });
    const entriesBefore = JSON.stringify(await db().selectFrom("activity_log").selectAll().execute());
    for (const trace of ["Client: Ileana Cozma", `(Ileana Cozma)`]) expect(entriesBefore).toContain(trace);

    expect((await admin.call("DELETE", `/api/contact/requests/${leadId}`)).status).toBe(204);

    for (const id of [accepted.uuid, pending.uuid]) {
      const row = await offerRow(id);
      expect(row).toMatchObject({
        customer_name: "Client sters",
        customer_company: "",
        customer_email: "",
        customer_phone: "",
        answer_name: null,
        answer_reason: null,
        answer_address: null,
        answer_user_agent: null,
        link_hash: null,
        lead_id: null,
      });
      for (const trace of TRACES) expect(JSON.stringify(row)).not.toContain(trace);
    }
    // What the office counts stays: the state, the figures, when it was answered, its bookings.
    const after = await offerRow(accepted.uuid);
    expect(after).toMatchObject({
      number: before.number,
      state: "acceptata",
      total: before.total,
      answered_at: before.answered_at,
      answer_content_hash: before.answer_content_hash,
    });
    expect(
      (await db().selectFrom("bookings").select("state").where("offer_id", "=", accepted.uuid).execute()).map(
        (booking) => booking.state,
      ),
    ).toEqual(["confirmat"]);
    expect((await (await admin.call("GET", `/api/offers/${pending.uuid}`)).json()) as OfferView).toMatchObject({
      customer_name: "Client sters",
      customer_email: "",
      state: "ciorna",
    });
    expect(await json(await admin.server.fetch(`/api/offer-links/${token}`), 404)).toEqual(
      errorBody("ERROR_OFFER_LINK_NOT_FOUND"),
    );

    expect(await mailIdsOf([accepted.uuid, pending.uuid])).toEqual([]);
    expect(
      await db().selectFrom("mail_attachments").select("mail_id").where("mail_id", "in", erasedMails).execute(),
    ).toEqual([]);
    for (const id of erasedMails) expect(emlOf(id)).toEqual([]);
    expect(await mailIdsOf([other.uuid])).toEqual(keptMails);
    expect(emlOf(keptMails[0] ?? "")).toHaveLength(1);

    const entries = await db().selectFrom("activity_log").selectAll().execute();
    for (const trace of TRACES) expect(JSON.stringify(entries)).not.toContain(trace);
    const answers = entries.filter((entry) => entry.user_id === null && entry.item_id === accepted.uuid);
    expect(answers.length).toBeGreaterThan(0);
    for (const entry of answers) expect(entry).toMatchObject({ user_name: "Client sters", address: "" });
    expect(entries.filter((entry) => entry.item_id === accepted.uuid).map((entry) => entry.item_name)).toContain(
      `${accepted.number} v1 (Client sters)`,
    );
    expect(entries.find((entry) => entry.action === "erase" && entry.item_id === leadId)?.summary).toBe(
      "Cererea si e-mailul ei sterse (dreptul la stergere); datele clientului sterse din ofertele ei (2 versiuni)",
    );
    // The other request's customer is still named where they were.
    expect(JSON.stringify(entries)).toContain(`${other.number} v1 (Mihai Dobre)`);
    expect(await offerRow(other.uuid)).toMatchObject({
      customer_name: "Mihai Dobre",
      customer_email: "mihai@example.ro",
    });
  });

  // SQLite runs one write transaction at a time, so only PostgreSQL can interleave an erasure with a send.
  if (process.env.TEST_DIALECT === "postgres") {
    it("waits for a send holding its offer, which then marks the request contacted, and erases what it wrote", async () => {
      const { id: leadId } = await storeLead(db(), new Date(), { last_name: "Cozma" });
      const offer = await draft(leadId, CUSTOMER, 30);
      // A send's order of locks: the offer's row, later its request's (markLeadContacted).
      let holdOffer!: () => void;
      let offerHeld!: () => void;
      const held = new Promise<void>((resolve) => (offerHeld = resolve));
      const sending = db()
        .transaction()
        .execute(async (trx) => {
          await trx.selectFrom("offers").select("id").where("id", "=", offer.uuid).forUpdate().execute();
          offerHeld();
          await new Promise<void>((resolve) => (holdOffer = resolve));
          await trx.updateTable("contact_requests").set({ status: "contactat" }).where("id", "=", leadId).execute();
        });
      await held;
      const erasing = admin.call("DELETE", `/api/contact/requests/${leadId}`);
      await vi.waitFor(async () => {
        const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
        expect(rows[0]?.waiting).toBe(1);
      });
      holdOffer();
      await sending;
      expect((await erasing).status).toBe(204);
      expect(await offerRow(offer.uuid)).toMatchObject({ customer_name: "Client sters", customer_email: "" });
    });
  }
});
