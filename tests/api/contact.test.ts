import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAltcha } from "../../server/captcha/altcha.ts";
import { sweepLeadData } from "../../server/leads/housekeeping.ts";
import { SPENT_ANSWER_GRACE_MS } from "../../server/leads/store-request.ts";
import { callJson } from "../helpers/auth.ts";
import { altchaToken, FAST_ALTCHA, sendContact, solvedCaptcha, validContact } from "../helpers/contact.ts";
import { errorBody } from "../helpers/error-body.ts";
import { emlFiles } from "../helpers/outbox-files.ts";
import { rawRequest } from "../helpers/raw-request.ts";
import { parseMessage, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../helpers/smtp.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "../helpers/test-server.ts";

const COMPANY = { to: "oferte@utilaje.test", second: "vanzari@utilaje.test", subject: "Cerere oferta utilaje" };

let smtp: TestSmtpServer;
let server: TestServer;

async function configureCompany(target: TestServer): Promise<void> {
  const now = new Date().toISOString();
  await target.services.db
    .insertInto("configuration")
    .values([
      { id: randomUUID(), key: "contact_mail_to", value: COMPANY.to, updated_at: now },
      { id: randomUUID(), key: "contact_mail_to_second", value: COMPANY.second, updated_at: now },
      { id: randomUUID(), key: "contact_mail_subject", value: COMPANY.subject, updated_at: now },
    ])
    .execute();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ ...FAST_ALTCHA, CONTACT_RATE_LIMIT: "1000", SMTP_URL: smtp.url });
  await configureCompany(server);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const storedRequests = () => server.services.db.selectFrom("contact_requests").selectAll().execute();

/** Waits for the mail whose text holds `marker`, skipping others. */
async function mailWith(marker: string): Promise<ReceivedMail> {
  return vi.waitFor(() => {
    const found = smtp.received.filter((mail) => mail.text.includes(marker));
    expect(found).toHaveLength(1);
    return found[0];
  });
}

describe("POST /api/contact", () => {
  it("stores the request with its e-mail in the outbox, answers 201 with its id, and mails the company", async () => {
    const request = validContact({
      message: 'Am nevoie de <b>un excavator</b> & "o ofertă".\nMulțumesc!',
      lastName: "Ionescu",
    });
    const response = await sendContact(server, { ...request, message: `${request.message} ${request.marker}` });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { id } = (await response.json()) as { id: string };
    const row = await server.services.db
      .selectFrom("contact_requests")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      last_name: "Ionescu",
      first_name: "Ion",
      email: "ion.popescu@example.ro",
      phone: "0722 123 456",
      city: "Cluj-Napoca",
      status: "nou",
      lang: "ro",
    });
    const outbox = await server.services.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("id", "=", row.mail_id ?? "")
      .executeTakeFirstOrThrow();
    expect(outbox.recipient).toBe(`${COMPANY.to}, ${COMPANY.second}`);
    expect(outbox.reply_to).toBe("ion.popescu@example.ro");

    const mail = await mailWith(request.marker);
    expect(mail.to.sort()).toEqual([COMPANY.to, COMPANY.second].sort());
    expect(mail.subject).toBe(COMPANY.subject);
    expect(mail.header("Reply-To")).toBe("ion.popescu@example.ro");
    for (const line of [
      "Nume: Ionescu",
      "Prenume: Ion",
      "E-mail: ion.popescu@example.ro",
      "Telefon: 0722 123 456",
      "Localitate: Cluj-Napoca",
      "Categorii: Excavatoare, Buldoexcavatoare",
      `Numarul cererii: ${id}`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toContain('Am nevoie de <b>un excavator</b> & "o ofertă".\nMulțumesc!');
    expect(mail.html).toContain("Am nevoie de &#60;b&#62;un excavator&#60;/b&#62; &#38; &#34;o ofertă&#34;.");
    expect(mail.html).not.toContain("<b>un excavator");
    await vi.waitFor(async () => {
      const sent = await server.services.db
        .selectFrom("mail_outbox")
        .select(["sent_at", "attempts"])
        .where("id", "=", outbox.id)
        .executeTakeFirstOrThrow();
      expect(sent.sent_at).not.toBeNull();
      expect(sent.attempts).toBe(1);
    });
  });

  it("accepts a phone without an e-mail (no Reply-To then) and an e-mail without a phone", async () => {
    const phoneOnly = validContact({ email: "" });
    expect((await sendContact(server, phoneOnly)).status).toBe(201);
    const mail = await mailWith(phoneOnly.marker);
    expect(mail.header("Reply-To")).toBe("");
    expect(mail.text).toContain("E-mail: -");
    const emailOnly = validContact({ phone: "", email: "  Ana.Pop@Example.RO " });
    const response = await sendContact(server, emailOnly);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await server.services.db
      .selectFrom("contact_requests")
      .select(["email", "phone"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: "ana.pop@example.ro", phone: "" });
  });

  it("records the machine a quote was asked for", async () => {
    const now = new Date().toISOString();
    const imageId = randomUUID();
    const productId = randomUUID();
    await server.services.db
      .insertInto("images")
      .values({
        id: imageId,
        mime_type: "image/png",
        bytes: new Uint8Array([1]),
        byte_size: 1,
        width: 1,
        height: 1,
        alt: "x",
        created_at: now,
      })
      .execute();
    await server.services.db
      .insertInto("products")
      .values({
        id: productId,
        model: "JCB 3CX",
        slug: "jcb-3cx",
        category_id: null,
        header_offer: "<p>x</p>",
        details: "<p>x</p>",
        technical_data: "<p>x</p>",
        header_image_id: imageId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const request = validContact({ product: productId });
    const response = await sendContact(server, request);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await server.services.db
      .selectFrom("contact_requests")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ product_id: productId, product_model: "JCB 3CX" });
    expect((await mailWith(request.marker)).text).toContain("Utilaj: JCB 3CX");

    const unknown = await sendContact(server, validContact({ product: randomUUID() }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ errors: [{ msg: "INVALID_CONTACT_PRODUCT", path: "product" }] });
  });
});

describe("validation", () => {
  const recaptcha = "not checked before the fields";
  it.each([
    [
      "an empty object",
      {},
      [
        { msg: "REQUIRED_CONTACT_CHECK", path: "check" },
        { msg: "REQUIRED_CAPTCHA_TOKEN", path: "recaptcha" },
        { msg: "REQUIRED_CONTACT_EMAIL", path: "email" },
        { msg: "REQUIRED_CONTACT_PHONE", path: "phone" },
      ],
    ],
    [
      "a list",
      [],
      [
        { msg: "REQUIRED_CONTACT_CHECK", path: "check" },
        { msg: "REQUIRED_CAPTCHA_TOKEN", path: "recaptcha" },
        { msg: "REQUIRED_CONTACT_EMAIL", path: "email" },
        { msg: "REQUIRED_CONTACT_PHONE", path: "phone" },
      ],
    ],
    [
      "an invalid e-mail and no phone",
      { email: "ION@EXAMPLE", check: true, recaptcha },
      [
        { msg: "INVALID_CONTACT_EMAIL", path: "email" },
        { msg: "REQUIRED_CONTACT_PHONE", path: "phone" },
      ],
    ],
    [
      "an invalid phone and no e-mail",
      { phone: "12-34", check: true, recaptcha },
      [
        { msg: "REQUIRED_CONTACT_EMAIL", path: "email" },
        { msg: "INVALID_CONTACT_PHONE", path: "phone" },
      ],
    ],
    [
      "an invalid e-mail beside a valid phone",
      { email: "ion@example.romania", phone: "+40 21 123.45.67", check: true, recaptcha },
      [{ msg: "INVALID_CONTACT_EMAIL", path: "email" }],
    ],
    [
      "an invalid phone beside a valid e-mail",
      { email: "ion@example.ro", phone: "telefon", check: true, recaptcha },
      [{ msg: "INVALID_CONTACT_PHONE", path: "phone" }],
    ],
    [
      "the privacy box unchecked",
      { email: "ion@example.ro", check: false, recaptcha },
      [{ msg: "REQUIRED_CONTACT_CHECK", path: "check" }],
    ],
    [
      "the privacy box as text",
      { email: "ion@example.ro", check: "true", recaptcha },
      [{ msg: "REQUIRED_CONTACT_CHECK", path: "check" }],
    ],
    [
      "fields of the wrong type",
      {
        lastName: 7,
        firstName: {},
        city: [],
        categories: null,
        message: false,
        email: "ion@example.ro",
        check: true,
        recaptcha: 5,
      },
      [
        { msg: "INVALID_CONTACT_LAST_NAME", path: "lastName" },
        { msg: "INVALID_CONTACT_FIRST_NAME", path: "firstName" },
        { msg: "INVALID_CONTACT_CITY", path: "city" },
        { msg: "INVALID_CONTACT_CATEGORIES", path: "categories" },
        { msg: "INVALID_CONTACT_MESSAGE", path: "message" },
        { msg: "REQUIRED_CAPTCHA_TOKEN", path: "recaptcha" },
      ],
    ],
    [
      "texts over their bounds",
      {
        lastName: "a".repeat(101),
        firstName: "b".repeat(101),
        city: "c".repeat(101),
        categories: "d".repeat(1001),
        message: "e".repeat(5001),
        email: "ion@example.ro",
        check: true,
        recaptcha: "f".repeat(8001),
      },
      [
        { msg: "INVALID_CONTACT_LAST_NAME", path: "lastName" },
        { msg: "INVALID_CONTACT_FIRST_NAME", path: "firstName" },
        { msg: "INVALID_CONTACT_CITY", path: "city" },
        { msg: "INVALID_CONTACT_CATEGORIES", path: "categories" },
        { msg: "INVALID_CONTACT_MESSAGE", path: "message" },
        { msg: "INVALID_CAPTCHA_TOKEN", path: "recaptcha" },
      ],
    ],
    [
      "a product that is not an id, and an unknown language",
      { email: "ion@example.ro", check: true, recaptcha, product: "jcb-3cx", lang: "de" },
      [
        { msg: "INVALID_CONTACT_PRODUCT", path: "product" },
        { msg: "INVALID_LANG", path: "lang" },
      ],
    ],
  ])("refuses %s with one code per field", async (_name, body, errors) => {
    const before = (await storedRequests()).length;
    const response = await callJson(server, "POST", "/api/contact", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors });
    expect(await storedRequests()).toHaveLength(before);
  });

  it("refuses a body that is not JSON", async () => {
    const response = await callJson(server, "POST", "/api/contact", "{lastName:");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(errorBody("ERROR_BAD_REQUEST"));
  });

  it("refuses deep nesting inside the limit field by field, and a body of another type with 415", async () => {
    const before = (await storedRequests()).length;
    const body = JSON.stringify({ ...validContact({ lastName: "NESTED" }), recaptcha: "x" }).replace(
      '"NESTED"',
      `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
    );
    const deep = await rawRequest(server.url, "/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    expect(deep.status).toBe(400);
    expect(JSON.parse(deep.body.toString())).toEqual({
      errors: [{ msg: "INVALID_CONTACT_LAST_NAME", path: "lastName" }],
    });
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      undefined,
    ]) {
      const response = await rawRequest(server.url, "/api/contact", {
        method: "POST",
        headers: type ? { "Content-Type": type } : {},
        body: JSON.stringify(validContact()),
      });
      expect(response.status, type).toBe(415);
      expect(JSON.parse(response.body.toString())).toEqual(errorBody("ERROR_UNSUPPORTED_MEDIA_TYPE"));
    }
    expect(await storedRequests()).toHaveLength(before);
  });

  it("refuses a body over 32 KB with 413 before reading it", async () => {
    const request = validContact({ message: "x".repeat(33 * 1024) });
    const response = await rawRequest(server.url, "/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...request, recaptcha: "x" }),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body.toString())).toEqual(errorBody("ERROR_PAYLOAD_TOO_LARGE"));
    const chunked = await rawRequest(server.url, "/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: Array.from({ length: 40 }, () => Buffer.alloc(1024, " ")),
    });
    expect(chunked.status).toBe(413);
  });

  it("refuses a post of the /contact page's form over 32 KB too", async () => {
    // This server renders no pages: the declared length alone is refused (a chunked one is cut as a page reads it,
    // tests/api/body-limits.test.ts).
    const body = `message=${"x".repeat(33 * 1024)}`;
    const response = await rawRequest(server.url, "/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
      body,
    });
    expect(response.status).toBe(413);
  });

  it("keeps line breaks out of one-line fields and control characters out of the message", async () => {
    const request = validContact({
      lastName: "Pop\r\nBcc: intrus@rau.test",
      city: "Iasi\tNord",
      message: "rand 1\r\nrand 2\u0007",
    });
    const response = await sendContact(server, request);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await server.services.db
      .selectFrom("contact_requests")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last_name: "Pop Bcc: intrus@rau.test", city: "Iasi Nord", message: "rand 1\nrand 2" });
  });
});

describe("header injection", () => {
  it("cannot add a recipient or a header through any field", async () => {
    const marker = `marker-${randomUUID()}`;
    const injected = "\r\nBcc: intrus@rau.test\r\nX-Injected: yes\r\n";
    const body = {
      lastName: `Pop${injected}`,
      firstName: `Ion${injected}`,
      phone: `0722123456`,
      city: `Cluj${injected}`,
      categories: `Excavatoare${injected}`,
      message: `${marker}${injected}\r\n\r\n<html>`,
      email: "ion@example.ro",
      check: true,
    };
    expect((await sendContact(server, body)).status).toBe(201);
    const mail = await mailWith(marker);
    expect(mail.to.sort()).toEqual([COMPANY.to, COMPANY.second].sort());
    expect(mail.headers).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(mail.header("Reply-To")).toBe("ion@example.ro");

    const badReplyTo = await sendContact(server, {
      ...validContact(),
      email: "ion@example.ro\r\nBcc: intrus@rau.test",
    });
    expect(badReplyTo.status).toBe(400);
    expect(await badReplyTo.json()).toEqual({ errors: [{ msg: "INVALID_CONTACT_EMAIL", path: "email" }] });
  });

  it("keeps a subject with line breaks on one line", async () => {
    await server.services.db
      .updateTable("configuration")
      .set({ value: "Oferta\r\nBcc: intrus@rau.test" })
      .where("key", "=", "contact_mail_subject")
      .execute();
    try {
      const request = validContact();
      expect((await sendContact(server, request)).status).toBe(201);
      const mail = await mailWith(request.marker);
      expect(mail.subject).toBe("Oferta Bcc: intrus@rau.test");
      expect(mail.headers).not.toMatch(/^Bcc:/im);
      expect(mail.to).not.toContain("intrus@rau.test");
    } finally {
      await server.services.db
        .updateTable("configuration")
        .set({ value: COMPANY.subject })
        .where("key", "=", "contact_mail_subject")
        .execute();
    }
  });
});

describe("the ALTCHA captcha", () => {
  it("hands out signed challenges that expire in 10 minutes and are never cached", async () => {
    const response = await server.fetch("/api/contact/challenge");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const challenge = (await response.json()) as Challenge;
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.algorithm).toBe("SHA-256");
    const lifetime = (challenge.parameters.expiresAt ?? 0) * 1000 - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
  });

  it("accepts an answer once: a replay is 409 ERROR_RECAPTCHA_TOKEN and stores nothing", async () => {
    const recaptcha = await solvedCaptcha(server);
    const first = validContact();
    expect((await callJson(server, "POST", "/api/contact", { ...first, recaptcha })).status).toBe(201);
    const before = (await storedRequests()).length;
    const replay = await callJson(server, "POST", "/api/contact", { ...validContact(), recaptcha });
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual(errorBody("ERROR_RECAPTCHA_TOKEN"));
    expect(await storedRequests()).toHaveLength(before);
  });

  it("accepts one of two requests sent at once with the same answer", async () => {
    const recaptcha = await solvedCaptcha(server);
    const replies = await Promise.all(
      [validContact(), validContact(), validContact()].map((body) =>
        callJson(server, "POST", "/api/contact", { ...body, recaptcha }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409]);
  });

  it("refuses answers that are not a solution of a challenge it signed", async () => {
    const response = await server.fetch("/api/contact/challenge");
    const challenge = (await response.json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const wrongCounter = altchaToken(challenge, {
      ...solution,
      counter: (solution?.counter ?? 0) + 1,
      derivedKey: "00".repeat(32),
    });
    const tampered = altchaToken(
      {
        ...challenge,
        parameters: { ...challenge.parameters, expiresAt: (challenge.parameters.expiresAt ?? 0) + 3600 },
      },
      solution,
    );
    const foreign = createAltcha({ secret: "another server's secret, 32 chars or more", cost: 1, maxCounter: 50 });
    const foreignChallenge = await foreign.challenge();
    const foreignToken = altchaToken(
      foreignChallenge,
      await solveChallenge({ challenge: foreignChallenge, deriveKey }),
    );
    for (const recaptcha of [
      "garbage",
      Buffer.from("[]").toString("base64"),
      Buffer.from('{"challenge":{}}').toString("base64"),
      wrongCounter,
      tampered,
      foreignToken,
    ]) {
      const reply = await callJson(server, "POST", "/api/contact", { ...validContact(), recaptcha });
      expect(reply.status, recaptcha).toBe(400);
      expect(await reply.json()).toEqual(errorBody("INVALID_CAPTCHA_TOKEN"));
    }
  });

  it("keeps a spent answer a few minutes past its challenge's expiry, for instances whose clock is behind", async () => {
    const recaptcha = await solvedCaptcha(server);
    expect((await callJson(server, "POST", "/api/contact", { ...validContact(), recaptcha })).status).toBe(201);
    const { challenge } = JSON.parse(Buffer.from(recaptcha, "base64").toString("utf8")) as { challenge: Challenge };
    const expiresAt = (challenge.parameters.expiresAt ?? 0) * 1000;
    const spent = () =>
      server.services.db
        .selectFrom("captcha_spent")
        .select("signature")
        .where("signature", "=", `altcha:${challenge.signature}`)
        .execute();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // The hourly sweep runs on an instance whose clock is a minute past the challenge's expiry...
      vi.setSystemTime(expiresAt + 60_000);
      await sweepLeadData(server.services, new Date(), 365);
      expect(await spent()).toHaveLength(1);
      // ...while another instance, two minutes behind it, still takes the challenge: the replay is refused there.
      vi.setSystemTime(expiresAt - 60_000);
      const replay = await callJson(server, "POST", "/api/contact", { ...validContact(), recaptcha });
      expect(replay.status).toBe(409);
      expect(await replay.json()).toEqual(errorBody("ERROR_RECAPTCHA_TOKEN"));
      // Once no clock within the margin can take the challenge, the answer is forgotten.
      vi.setSystemTime(expiresAt + SPENT_ANSWER_GRACE_MS + 1000);
      await sweepLeadData(server.services, new Date(), 365);
      expect(await spent()).toHaveLength(0);
      const late = await callJson(server, "POST", "/api/contact", { ...validContact(), recaptcha });
      expect(late.status).toBe(400);
      expect(await late.json()).toEqual(errorBody("INVALID_CAPTCHA_TOKEN"));
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses an answer to a challenge older than 10 minutes", async () => {
    const altcha = createAltcha({ secret: server.services.config.JWT_SECRET, cost: 1, maxCounter: 50 });
    const old = await altcha.challenge(new Date(Date.now() - 10 * 60_000 - 1000));
    const recaptcha = altchaToken(old, await solveChallenge({ challenge: old, deriveKey }));
    const reply = await callJson(server, "POST", "/api/contact", { ...validContact(), recaptcha });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual(errorBody("INVALID_CAPTCHA_TOKEN"));
  });
});

describe("robots and floods", () => {
  it("answers a filled honeypot like a success but stores and sends nothing", async () => {
    const before = (await storedRequests()).length;
    const outboxBefore = await server.services.db.selectFrom("mail_outbox").select("id").execute();
    const response = await sendContact(server, { ...validContact(), website: "http://spam.test" });
    expect(response.status).toBe(201);
    expect((await response.json()) as { id: string }).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await storedRequests()).toHaveLength(before);
    expect(await server.services.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(outboxBefore.length);
  });

  it("stores the same content from the same sender once within 10 minutes (409 ERROR_RECAPTCHA_TOKEN)", async () => {
    const request = validContact();
    expect((await sendContact(server, request)).status).toBe(201);
    const again = await sendContact(server, {
      ...request,
      email: request.email.toUpperCase(),
      message: `${request.message}`,
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual(errorBody("ERROR_RECAPTCHA_TOKEN"));
    const stored = (await storedRequests()).filter((row) => row.message.includes(request.marker));
    expect(stored).toHaveLength(1);
    // The same content sent twice at once is stored once too.
    const twin = validContact();
    const tokens = await Promise.all([solvedCaptcha(server), solvedCaptcha(server)]);
    const replies = await Promise.all(
      tokens.map((recaptcha) => callJson(server, "POST", "/api/contact", { ...twin, marker: undefined, recaptcha })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    // Ten minutes later it is a new request.
    await server.services.db
      .updateTable("contact_fingerprints")
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .execute();
    expect((await sendContact(server, request)).status).toBe(201);
    const { marker: _marker, ...other } = validContact();
    expect((await sendContact(server, { ...other, message: request.message, email: "alt@example.ro" })).status).toBe(
      201,
    );
  });

  it("limits requests per address with 429 and Retry-After", async () => {
    const limited = await startTestServer({ ...FAST_ALTCHA, CONTACT_RATE_LIMIT: "3" });
    try {
      for (let i = 0; i < 3; i++) expect((await sendContact(limited, validContact())).status).toBe(201);
      const refused = await sendContact(limited, validContact());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual(errorBody("ERROR_TOO_MANY_REQUESTS"));
      expect(await limited.services.db.selectFrom("contact_requests").select("id").execute()).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe("retention", () => {
  it("deletes requests older than LEADS_RETENTION_DAYS with their sent e-mail, and forgets expired keys", async () => {
    const { db } = server.services;
    const old = validContact();
    const recent = validContact();
    for (const request of [old, recent]) expect((await sendContact(server, request)).status).toBe(201);
    await mailWith(old.marker);
    await mailWith(recent.marker);
    await vi.waitFor(async () =>
      expect(await db.selectFrom("mail_outbox").select("id").where("sent_at", "is", null).execute()).toHaveLength(0),
    );
    const [oldRow] = (await storedRequests()).filter((row) => row.message.includes(old.marker));
    const yearAgo = new Date(Date.now() - 366 * 24 * 3600_000).toISOString();
    await db.updateTable("contact_requests").set({ created_at: yearAgo }).where("id", "=", oldRow.id).execute();
    await db.updateTable("captcha_spent").set({ expires_at: yearAgo }).execute();

    const { leadsDeleted } = await sweepLeadData(server.services, new Date(), 365);
    expect(leadsDeleted).toBe(1);
    const left = await storedRequests();
    expect(left.some((row) => row.id === oldRow.id)).toBe(false);
    expect(left.some((row) => row.message.includes(recent.marker))).toBe(true);
    expect(
      await db
        .selectFrom("mail_outbox")
        .select("id")
        .where("id", "=", oldRow.mail_id ?? "")
        .execute(),
    ).toHaveLength(0);
    expect(await db.selectFrom("captcha_spent").select("signature").execute()).toHaveLength(0);
  });
});

describe("delivery", () => {
  it("retries while the SMTP server refuses, then delivers every request exactly once", async () => {
    const pending = () =>
      server.services.db.selectFrom("mail_outbox").selectAll().where("sent_at", "is", null).execute();
    // What earlier tests queued leaves first.
    await vi.waitFor(async () => expect(await pending()).toHaveLength(0));
    smtp.refuse = true;
    const requests = [validContact(), validContact(), validContact()];
    for (const request of requests) expect((await sendContact(server, request)).status).toBe(201);
    const failed = await vi.waitFor(async () => {
      const rows = await pending();
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.attempts).toBe(1);
        expect(row.last_error).toContain("451");
      }
      return rows;
    });
    // Backoff: the first retry is 30 s away; the test brings it to now instead of waiting.
    for (const row of failed) expect(Date.parse(row.next_attempt_at) - Date.now()).toBeGreaterThan(20_000);
    smtp.refuse = false;
    await server.services.db
      .updateTable("mail_outbox")
      .set({ next_attempt_at: new Date().toISOString() })
      .where("sent_at", "is", null)
      .execute();
    server.services.mail.wake();
    for (const request of requests) await mailWith(request.marker);
    await vi.waitFor(async () => expect(await pending()).toHaveLength(0));
    // Woken again, the sender finds nothing left to send: each marker arrived once.
    server.services.mail.wake();
    server.services.mail.wake();
    const probe = validContact();
    expect((await sendContact(server, probe)).status).toBe(201);
    await mailWith(probe.marker);
    for (const request of requests)
      expect(smtp.received.filter((mail) => mail.text.includes(request.marker))).toHaveLength(1);
  });

  it("without SMTP_URL, writes the message as an .eml file", async () => {
    const offline = await startTestServer({ ...FAST_ALTCHA });
    try {
      const request = validContact();
      expect((await sendContact(offline, request)).status).toBe(201);
      // Read until whole: the file may be seen while it is being written.
      const mail = await vi.waitFor(() => {
        const files = emlFiles(offline.services.config.DATA_DIR);
        expect(files).toHaveLength(1);
        const message = parseMessage(readFileSync(files[0], "utf8").replace(/\r?\n/g, "\r\n"), []);
        expect(message.text).toContain(request.marker);
        return message;
      });
      // No configuration yet: the request goes to the administrator.
      expect(mail.header("To")).toBe(TEST_ADMIN.email);
      expect(mail.header("Reply-To")).toBe(request.email);
    } finally {
      await offline.close();
    }
  });
});
