import { randomUUID } from "node:crypto";
import { readdirSync, rmSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeadCounts, LeadPage, LeadView } from "../../common/leads/lead-schemas.ts";
import { sweepLeadData } from "../../server/leads/housekeeping.ts";
import { eraseLead } from "../../server/leads/inbox.ts";
import { insertLead, type NewLead } from "../../server/db/repositories/leads.ts";
import { enqueueMail, markMailFailed, markMailSent } from "../../server/db/repositories/mail-outbox.ts";
import { createDelivery, outboxDirectory } from "../../server/mail/delivery.ts";
import { createMailSender, type MailSender } from "../../server/mail/sender.ts";
import { createLogger } from "../../server/core/logger.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { FAST_ALTCHA, sendContact, validContact } from "../helpers/contact.ts";
import { errorBody } from "../helpers/error-body.ts";
import { emlFiles } from "../helpers/outbox-files.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { sampleLead, storeLead as storeLeadRow, type SampleItem } from "../fixtures/leads.ts";

/**
 * The leads inbox's API (/api/contact/requests) over real HTTP, on SQLite and PostgreSQL
 * (TEST_DIALECT): admin only, list with search / status / paging, counts, one request with its
 * e-mail's delivery state, status changes, erasure with the e-mail, CSV export.
 */

let server: TestServer;
let token: string;

beforeAll(async () => {
  // No SMTP_URL: messages land as .eml files, which the erasure must remove.
  server = await startTestServer({ ...FAST_ALTCHA, CONTACT_RATE_LIMIT: "1000" });
  ({ token } = await loginAsAdmin(server));
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.services.db.deleteFrom("contact_requests").execute();
  await server.services.db.deleteFrom("mail_outbox").execute();
  rmSync(outboxDirectory(server.services.config.DATA_DIR), { recursive: true, force: true });
});

const call = (method: string, pathname: string, body?: unknown) =>
  callJson(server, method, `/api/contact/requests${pathname}`, body, token);

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status).toBe(status);
  return (await response.json()) as T;
}

let clock = Date.parse("2026-11-01T08:00:00.000Z");

/** A stored request with its queued e-mail, as POST /api/contact leaves it; each one a minute newer than the last. */
async function storeLead(
  fields: Partial<NewLead> = {},
  items: readonly SampleItem[] = [],
): Promise<{ id: string; mailId: string }> {
  clock += 60_000;
  return storeLeadRow(server.services.db, new Date(clock), fields, {}, items);
}

const list = async (query = "") => json<LeadPage>(await call("GET", query));
const names = (page: LeadPage) => page.items.map((item) => item.lastName);

describe("admin only", () => {
  it.each([
    ["GET", () => ""],
    ["GET", () => "/counts"],
    ["GET", () => "/export"],
    ["GET", (id: string) => `/${id}`],
    ["PUT", (id: string) => `/${id}/status`],
    ["DELETE", (id: string) => `/${id}`],
  ])("%s answers 401 without a token or with a wrong one, and changes nothing", async (method, pathOf) => {
    const { id } = await storeLead();
    const body = method === "PUT" ? { status: "finalizat" } : undefined;
    for (const bearer of [undefined, "not.a.token", token.slice(0, -2)]) {
      const response = await callJson(server, method, `/api/contact/requests${pathOf(id)}`, body, bearer);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(errorBody("ERROR_UNAUTHORIZED"));
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    const row = await server.services.db
      .selectFrom("contact_requests")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirst();
    expect(row).toEqual({ status: "nou" });
  });
});

describe("GET /api/contact/requests", () => {
  it("lists newest first, one page at a time, with the total", async () => {
    for (const name of ["Unu", "Doi", "Trei", "Patru", "Cinci"]) await storeLead({ last_name: name });
    const first = await list("?pageSize=2");
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(names(first)).toEqual(["Cinci", "Patru"]);
    expect(names(await list("?pageSize=2&page=2"))).toEqual(["Trei", "Doi"]);
    expect(names(await list("?pageSize=2&page=3"))).toEqual(["Unu"]);
    expect(await list("?pageSize=2&page=4")).toEqual({ items: [], total: 5, page: 4, pageSize: 2 });
    const all = await list();
    expect(all.pageSize).toBe(20);
    expect(names(all)).toEqual(["Cinci", "Patru", "Trei", "Doi", "Unu"]);
    expect(all.items[0]).toMatchObject({
      status: "nou",
      firstName: "Ion",
      email: "ion.popescu@example.ro",
      delivery: { state: "pending", attempts: 0 },
    });
  });

  it("orders requests of the same instant the same way on every page", async () => {
    const at = new Date(clock + 60_000).toISOString();
    for (let index = 0; index < 4; index += 1) await storeLead({ created_at: at, last_name: `L${index}` });
    const pages = [...names(await list("?pageSize=2")), ...names(await list("?pageSize=2&page=2"))];
    expect(new Set(pages).size).toBe(4);
  });

  it("searches name, e-mail, phone and city, whatever the case and the diacritics, every word", async () => {
    await storeLead({
      last_name: "Ștefănescu",
      first_name: "Țicu",
      email: "ticu@firma.ro",
      phone: "+40 (21) 123.45.67",
      city: "Brașov",
    });
    await storeLead({
      last_name: "Ionescu",
      first_name: "Ana",
      email: "ana_pop@example.ro",
      phone: "0744-555-666",
      city: "Iași",
    });
    await storeLead({ last_name: "Pop%", first_name: "Dan", email: "dan@example.ro", phone: "", city: "Arad" });
    const search = async (q: string) => names(await list(`?q=${encodeURIComponent(q)}`));
    expect(await search("stefanescu")).toEqual(["Ștefănescu"]);
    expect(await search("ȘTEFĂN")).toEqual(["Ștefănescu"]);
    expect(await search("ticu stef")).toEqual(["Ștefănescu"]);
    expect(await search("ticu iasi")).toEqual([]);
    expect(await search("brasov")).toEqual(["Ștefănescu"]);
    expect(await search("IAȘI")).toEqual(["Ionescu"]);
    expect(await search("@firma.ro")).toEqual(["Ștefănescu"]);
    expect(await search("0744555666")).toEqual(["Ionescu"]);
    expect(await search("0744 555 666")).toEqual(["Ionescu"]);
    expect(await search("1234567")).toEqual(["Ștefănescu"]);
    expect(await search("escu")).toEqual(["Ionescu", "Ștefănescu"]);
    // LIKE's wildcards match only themselves.
    expect(await search("%")).toEqual(["Pop%"]);
    expect(await search("ana_pop")).toEqual(["Ionescu"]);
    expect(await search("ana%pop")).toEqual([]);
    expect(await search("   ")).toHaveLength(3);
    // The message is not searched.
    expect(await search("buna")).toEqual([]);
  });

  it("filters by status, with the search too", async () => {
    const { id } = await storeLead({ last_name: "Contactat" });
    await storeLead({ last_name: "Nou" });
    await json(await call("PUT", `/${id}/status`, { status: "contactat" }));
    expect(names(await list("?status=contactat"))).toEqual(["Contactat"]);
    expect(names(await list("?status=nou"))).toEqual(["Nou"]);
    expect(names(await list("?status=finalizat"))).toEqual([]);
    expect(await list("?status=nou&q=contactat")).toMatchObject({ items: [], total: 0 });
  });

  it.each([
    ["?status=nou&status=gata", "?status=gata", [{ msg: "INVALID_CONTACT_REQUEST_STATUS", path: "status" }]],
    ["a search over 100 characters", `?q=${"a".repeat(101)}`, [{ msg: "INVALID_CONTACT_REQUEST_SEARCH", path: "q" }]],
    ["page 0", "?page=0", [{ msg: "INVALID_CONTACT_REQUEST_PAGE", path: "page" }]],
    [
      "a page that is not a number",
      "?page=doi&pageSize=-1",
      [
        { msg: "INVALID_CONTACT_REQUEST_PAGE", path: "page" },
        { msg: "INVALID_CONTACT_REQUEST_PAGE_SIZE", path: "pageSize" },
      ],
    ],
    ["101 per page", "?pageSize=101", [{ msg: "INVALID_CONTACT_REQUEST_PAGE_SIZE", path: "pageSize" }]],
    ["a fractional page", "?page=1.5", [{ msg: "INVALID_CONTACT_REQUEST_PAGE", path: "page" }]],
  ])("refuses %s with 400 and the parameter's code", async (_name, query, errors) => {
    expect(await json(await call("GET", query), 400)).toEqual({ errors });
  });
});

describe("GET /api/contact/requests/counts", () => {
  it("counts the requests of each status", async () => {
    expect(await json<LeadCounts>(await call("GET", "/counts"))).toEqual({ nou: 0, contactat: 0, finalizat: 0 });
    const stored = [await storeLead(), await storeLead(), await storeLead()];
    await json(await call("PUT", `/${stored[0].id}/status`, { status: "finalizat" }));
    expect(await json<LeadCounts>(await call("GET", "/counts"))).toEqual({ nou: 2, contactat: 0, finalizat: 1 });
  });
});

describe("GET /api/contact/requests/{id}", () => {
  it("answers the request with the state of its e-mail: pending, failing with the last error, sent", async () => {
    const product = randomUUID();
    const { id, mailId } = await storeLead({
      product_id: product,
      product_model: "JCB 3CX",
      message: "Linia 1\nLinia 2",
    });
    const pending = await json<LeadView>(await call("GET", `/${id}`));
    expect(pending).toEqual({
      id,
      createdAt: new Date(clock).toISOString(),
      status: "nou",
      lastName: "Popescu",
      firstName: "Ion",
      email: "ion.popescu@example.ro",
      phone: "0722 123 456",
      city: "Cluj-Napoca",
      categories: "Excavatoare",
      message: "Linia 1\nLinia 2",
      lang: "ro",
      productId: product,
      productModel: "JCB 3CX",
      verified: true,
      delivery: {
        state: "pending",
        attempts: 0,
        sentAt: null,
        nextAttemptAt: "2999-01-01T00:00:00.000Z",
        lastError: null,
      },
      items: [],
      offerState: null,
      offerConflict: null,
    });

    const retryAt = new Date("2999-01-02T00:00:00.000Z");
    await markMailFailed(server.services.db, mailId, retryAt, "connect ECONNREFUSED 127.0.0.1:25");
    expect((await json<LeadView>(await call("GET", `/${id}`))).delivery).toEqual({
      state: "failing",
      attempts: 1,
      sentAt: null,
      nextAttemptAt: retryAt.toISOString(),
      lastError: "connect ECONNREFUSED 127.0.0.1:25",
    });

    const sentAt = new Date("2026-11-23T10:00:00.000Z");
    expect(await markMailSent(server.services.db, { id: mailId, one_time: 0 }, sentAt)).toBe(true);
    expect((await json<LeadView>(await call("GET", `/${id}`))).delivery).toEqual({
      state: "sent",
      attempts: 2,
      sentAt: sentAt.toISOString(),
      nextAttemptAt: null,
      lastError: null,
    });

    // Pruned after MAIL_RETENTION_DAYS: unsent messages are never pruned, so it was sent.
    await server.services.db.deleteFrom("mail_outbox").where("id", "=", mailId).execute();
    expect((await json<LeadView>(await call("GET", `/${id}`))).delivery).toEqual({
      state: "sent",
      attempts: null,
      sentAt: null,
      nextAttemptAt: null,
      lastError: null,
    });
  });

  it("says when a request came without the captcha (a form posted without JavaScript)", async () => {
    const { id } = await storeLead({ verified: 0 });
    expect((await json<LeadView>(await call("GET", `/${id}`))).verified).toBe(false);
    const [, row] = (await (await call("GET", "/export")).text()).split("\r\n");
    expect(row).toContain(`"nu","${id}"`);
  });

  it("answers 404 ERROR_GET_CONTACT_REQUEST for an unknown id or one that is not an id", async () => {
    for (const id of [randomUUID(), "abc", "..%2F..%2Fcounts"]) {
      expect(await json(await call("GET", `/${id}`), 404)).toEqual(errorBody("ERROR_GET_CONTACT_REQUEST"));
    }
  });
});

describe("PUT /api/contact/requests/{id}/status", () => {
  it("moves a request through nou, contactat, finalizat and back, answering it as stored", async () => {
    const { id } = await storeLead();
    for (const status of ["contactat", "finalizat", "nou"] as const) {
      const reply = await json<LeadView>(await call("PUT", `/${id}/status`, { status }));
      expect(reply).toMatchObject({ id, status });
      expect((await json<LeadView>(await call("GET", `/${id}`))).status).toBe(status);
    }
  });

  it.each([
    ["no status", {}, "REQUIRED_CONTACT_REQUEST_STATUS"],
    ["a null status", { status: null }, "REQUIRED_CONTACT_REQUEST_STATUS"],
    ["an unknown status", { status: "gata" }, "INVALID_CONTACT_REQUEST_STATUS"],
    ["a status in capitals", { status: "NOU" }, "INVALID_CONTACT_REQUEST_STATUS"],
    ["a list", [], "REQUIRED_CONTACT_REQUEST_STATUS"],
  ])("refuses %s with 400 and keeps the status", async (_name, body, code) => {
    const { id } = await storeLead();
    expect(await json(await call("PUT", `/${id}/status`, body), 400)).toEqual({
      errors: [{ msg: code, path: "status" }],
    });
    expect((await json<LeadView>(await call("GET", `/${id}`))).status).toBe("nou");
  });

  it("refuses a body that is not JSON (400) or not sent as JSON (415), and an unknown request (404)", async () => {
    const { id } = await storeLead();
    expect(await json(await call("PUT", `/${id}/status`, "{status:"), 400)).toEqual(errorBody("ERROR_BAD_REQUEST"));
    const plain = await server.fetch(`/api/contact/requests/${id}/status`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/plain" },
      body: JSON.stringify({ status: "contactat" }),
    });
    expect(await json(plain, 415)).toEqual(errorBody("ERROR_UNSUPPORTED_MEDIA_TYPE"));
    expect(await json(await call("PUT", `/${randomUUID()}/status`, { status: "contactat" }), 404)).toEqual(
      errorBody("ERROR_UPDATE_CONTACT_REQUEST"),
    );
    expect(await json(await call("PUT", "/nope/status", { status: "contactat" }), 404)).toEqual(
      errorBody("ERROR_UPDATE_CONTACT_REQUEST"),
    );
    expect((await json<LeadView>(await call("GET", `/${id}`))).status).toBe("nou");
  });
});

/** The messages delivered as files (no SMTP_URL). */
const serverEmlFiles = () => emlFiles(server.services.config.DATA_DIR);

describe("DELETE /api/contact/requests/{id}", () => {
  it("erases the request, its outbox message and its .eml file, and nothing else", async () => {
    const kept = validContact({ lastName: "Ramane" });
    const erased = validContact({ lastName: "Sters", email: "sters@example.ro" });
    expect((await sendContact(server, kept)).status).toBe(201);
    const response = await sendContact(server, erased);
    const { id } = await json<{ id: string }>(response, 201);
    // Both messages delivered as files (no SMTP_URL).
    await vi.waitFor(() => expect(serverEmlFiles()).toHaveLength(2));
    const row = await server.services.db
      .selectFrom("contact_requests")
      .select("mail_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(serverEmlFiles().filter((name) => name.endsWith(`-${row.mail_id}.eml`))).toHaveLength(1);

    const deleted = await call("DELETE", `/${id}`);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");

    expect(await server.services.db.selectFrom("contact_requests").select("id").where("id", "=", id).execute()).toEqual(
      [],
    );
    expect(
      await server.services.db
        .selectFrom("mail_outbox")
        .select("id")
        .where("id", "=", row.mail_id ?? "")
        .execute(),
    ).toEqual([]);
    const files = serverEmlFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).not.toContain(row.mail_id);
    expect(names(await list())).toEqual(["Ramane"]);
    expect(await json(await call("GET", `/${id}`), 404)).toEqual(errorBody("ERROR_GET_CONTACT_REQUEST"));
    expect(await json(await call("DELETE", `/${id}`), 404)).toEqual(errorBody("ERROR_DELETE_CONTACT_REQUEST"));
    expect(await json(await call("DELETE", "/not-an-id"), 404)).toEqual(errorBody("ERROR_DELETE_CONTACT_REQUEST"));
  });

  it("erases a request whose sent message the outbox already pruned, and its .eml file still on disk", async () => {
    const request = validContact();
    const { id } = await json<{ id: string }>(await sendContact(server, request), 201);
    await vi.waitFor(() => expect(serverEmlFiles()).toHaveLength(1));
    await server.services.db.deleteFrom("mail_outbox").execute();
    expect((await call("DELETE", `/${id}`)).status).toBe(204);
    expect(serverEmlFiles()).toEqual([]);
  });

  it("two deletes at once: one 204, one 404", async () => {
    const { id } = await storeLead();
    const statuses = (await Promise.all([call("DELETE", `/${id}`), call("DELETE", `/${id}`)]))
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([204, 404]);
  });

  it("a message being delivered while its request is erased leaves no .eml behind", async () => {
    // A server of its own whose sender is stopped, so that only the sender below takes the message.
    const own = await startTestServer();
    try {
      await (own.services.mail as MailSender).stop();
      const now = new Date();
      const mailId = await enqueueMail(
        own.services.db,
        { to: "oferte@utilaje.test", subject: "Cerere", text: "de sters" },
        now,
      );
      const id = randomUUID();
      await insertLead(own.services.db, sampleLead(id, now, { mail_id: mailId }));
      const directory = outboxDirectory(own.services.config.DATA_DIR);
      const files = createDelivery(own.services.config);
      let erasedWhileSending = false;
      const sender = createMailSender({
        db: own.services.db,
        dialect: own.services.dialect,
        logger: createLogger("silent"),
        retentionDays: 30,
        leaseMs: 60_000,
        delivery: {
          // The request is erased between the file's writing and the row's marking.
          deliver: async (message) => {
            await files.deliver(message);
            erasedWhileSending = readdirSync(directory).length === 1;
            await eraseLead(own.services, { userId: null, address: "test" }, id, "test");
          },
          discard: (message) => files.discard(message),
          close: () => files.close(),
        },
      });
      sender.start();
      await vi.waitFor(() => expect(erasedWhileSending).toBe(true));
      await sender.stop();
      expect(await own.services.db.selectFrom("contact_requests").select("id").execute()).toEqual([]);
      expect(await own.services.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
      expect(readdirSync(directory)).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

describe("the retention sweep (LEADS_RETENTION_DAYS)", () => {
  it("deletes an old request with its .eml copy, and keeps a recent one's", async () => {
    const { db } = server.services;
    const old = await json<{ id: string }>(await sendContact(server, validContact({ lastName: "Vechi" })), 201);
    expect((await sendContact(server, validContact({ lastName: "Recent" }))).status).toBe(201);
    await vi.waitFor(() => expect(serverEmlFiles()).toHaveLength(2));
    const { mail_id: oldMail } = await db
      .selectFrom("contact_requests")
      .select("mail_id")
      .where("id", "=", old.id)
      .executeTakeFirstOrThrow();
    const yearAgo = new Date(Date.now() - 366 * 24 * 3600_000).toISOString();
    await db.updateTable("contact_requests").set({ created_at: yearAgo }).where("id", "=", old.id).execute();

    expect(await sweepLeadData(server.services, new Date(), 365)).toEqual({ leadsDeleted: 1 });
    expect(names(await list())).toEqual(["Recent"]);
    const files = serverEmlFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).not.toContain(oldMail);
  });
});

describe("GET /api/contact/requests/export", () => {
  /** The file's records, read back with the quoting rules of RFC 4180. */
  function parseCsv(text: string): string[][] {
    const records: string[][] = [];
    let field = "";
    let record: string[] = [];
    let quoted = false;
    for (let index = 0; index < text.length; index += 1) {
      const character = text[index];
      if (quoted) {
        if (character === '"' && text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else if (character === '"') quoted = false;
        else field += character;
      } else if (character === '"') quoted = true;
      else if (character === ",") {
        record.push(field);
        field = "";
      } else if (character === "\r" && text[index + 1] === "\n") {
        record.push(field);
        records.push(record);
        record = [];
        field = "";
        index += 1;
      } else field += character;
    }
    return records;
  }

  it("is UTF-8 with a BOM, every field quoted, newest first, with Romanian letters and line breaks kept", async () => {
    await storeLead({ last_name: "Vechi", created_at: "2026-11-20T22:30:00.000Z" });
    const { id } = await storeLead(
      {
        last_name: "Țărănescu",
        first_name: "Ștefan",
        message: 'Am nevoie de "o ofertă",\npe 2 rânduri',
        city: "",
        created_at: "2026-11-22T09:15:00.000Z",
      },
      [
        {
          product_id: randomUUID(),
          product_model: "JCB 3CX",
          category_id: null,
          category_name: "Buldoexcavatoare",
          start_date: "2026-12-01",
          days: 5,
          with_operator: 1,
        },
        {
          product_id: randomUUID(),
          product_model: "Hamm HD 12",
          category_id: null,
          category_name: null,
          start_date: null,
          days: null,
          with_operator: 0,
        },
      ],
    );
    const response = await call("GET", "/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="cereri-oferta-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''cereri-oferta-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(
      text.startsWith(
        '"Data","Stare","Nume","Prenume","E-mail","Telefon","Localitate","Categorii","Utilaje","Mesaj","E-mail catre firma","Verificare anti-spam","Id"\r\n',
      ),
    ).toBe(true);
    const [header, newest, oldest, ...rest] = parseCsv(text);
    expect(rest).toEqual([]);
    expect(header).toHaveLength(13);
    expect(newest).toEqual([
      "2026-11-22 11:15",
      "nou",
      "Țărănescu",
      "Ștefan",
      "ion.popescu@example.ro",
      "0722 123 456",
      "",
      "Excavatoare",
      "JCB 3CX (Buldoexcavatoare): 2026-12-01 - 2026-12-05, 5 zile, cu operator; Hamm HD 12: data nehotarata, fara operator",
      'Am nevoie de "o ofertă",\npe 2 rânduri',
      "in asteptare",
      "da",
      id,
    ]);
    // Romanian local time (UTC+2 in November): the evening of the 20th is past midnight of the 21st.
    expect(oldest.slice(0, 3)).toEqual(["2026-11-21 00:30", "nou", "Vechi"]);
  });

  it("prefixes a field starting with = + - @ so spreadsheets keep it as text", async () => {
    await storeLead({
      last_name: '=HYPERLINK("http://rau.example","click")',
      first_name: "@SUM(A1:A2)",
      phone: "+40 722 123 456",
      city: "-2+3",
      message: "=1+1 la mijloc nu conteaza",
      categories: "\tcu tab",
    });
    const [, row] = parseCsv((await (await call("GET", "/export")).text()).replace(/^\uFEFF/, ""));
    expect(row.slice(2, 8)).toEqual([
      '\'=HYPERLINK("http://rau.example","click")',
      "'@SUM(A1:A2)",
      "ion.popescu@example.ro",
      "'+40 722 123 456",
      "'-2+3",
      "'\tcu tab",
    ]);
    expect(row[9]).toBe("'=1+1 la mijloc nu conteaza");
  });

  it("exports what the list's search and status match, and answers the header alone when nothing does", async () => {
    const { id } = await storeLead({ last_name: "Ales", city: "Sibiu" });
    await storeLead({ last_name: "Altul", city: "Arad" });
    await json(await call("PUT", `/${id}/status`, { status: "contactat" }));
    const rows = async (query: string) =>
      parseCsv((await (await call("GET", `/export${query}`)).text()).replace(/^\uFEFF/, "")).slice(1);
    expect((await rows("?q=sibiu")).map((row) => row[2])).toEqual(["Ales"]);
    expect((await rows("?status=contactat")).map((row) => row[2])).toEqual(["Ales"]);
    expect((await rows("")).map((row) => row[2])).toEqual(["Altul", "Ales"]);
    expect(await rows("?status=finalizat")).toEqual([]);
    expect(await json(await call("GET", "/export?status=toate"), 400)).toEqual({
      errors: [{ msg: "INVALID_CONTACT_REQUEST_STATUS", path: "status" }],
    });
  });
});
