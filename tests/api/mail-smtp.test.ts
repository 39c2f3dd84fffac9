import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { enqueueMail } from "../../server/db/repositories/mail-outbox.ts";
import { createLogger } from "../../server/core/logger.ts";
import { createDelivery, smtpTimeLimits, type Delivery } from "../../server/mail/delivery.ts";
import { createMailSender, type MailSender } from "../../server/mail/sender.ts";
import { emlFiles } from "../helpers/outbox-files.ts";
import { parseMessage, startSmtpServer, type TestSmtpServer } from "../helpers/smtp.ts";
import { createTestDatabase } from "../helpers/test-server.ts";

/*
 * The outbox's SMTP delivery against real servers (server/mail/delivery.ts): a send never outlives
 * half of its lease (MAIL_LEASE_SECONDS), whatever the server does, so no other sender takes the
 * message while it is on its way; one pooled connection carries message after message, and a message
 * whose connection fails is not reported sent.
 */

/**
 * Short, so that giving up on a hung server takes 3 s here (the rule is the production one), and
 * long enough that the other half of the lease, which the failure must be recorded within, is a
 * margin a busy 2-core machine does not eat.
 */
const LEASE_SECONDS = 6;
const LEASE_MS = LEASE_SECONDS * 1000;

let handle: DatabaseHandle;
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const closing: (() => unknown)[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-smtp-"));
  database = await createTestDatabase();
  handle = openDatabase({ databaseUrl: database?.url, dataDir });
  await migrateToLatest(handle.db);
});
// Each test's senders take only its own messages.
beforeEach(async () => {
  await handle.db.deleteFrom("mail_outbox").execute();
});
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await handle?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function smtpDelivery(url: string): Delivery {
  const delivery = createDelivery({
    SMTP_URL: url,
    MAIL_FROM: "utilaje <no-reply@utilaje.test>",
    DATA_DIR: dataDir,
    MAIL_LEASE_SECONDS: LEASE_SECONDS,
  });
  closing.push(() => delivery.close());
  return delivery;
}

function sender(delivery: Delivery): MailSender {
  const created = createMailSender({
    db: handle.db,
    dialect: handle.dialect,
    delivery,
    logger: createLogger("silent"),
    retentionDays: 30,
    leaseMs: LEASE_MS,
  });
  closing.push(() => created.stop());
  return created;
}

async function smtpServer(): Promise<TestSmtpServer> {
  const server = await startSmtpServer();
  closing.push(() => server.close());
  return server;
}

/** A TCP server that accepts connections and never says a word: an SMTP server hung before its greeting. */
async function silentServer(): Promise<{ url: string; accepted(): number; closed(): number }> {
  const sockets: Socket[] = [];
  let closed = 0;
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on("error", () => {});
    socket.on("close", () => (closed += 1));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  closing.push(async () => {
    for (const socket of sockets) socket.destroy();
    server.close();
    await once(server, "close");
  });
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}?ignoreTLS=true`,
    accepted: () => sockets.length,
    closed: () => closed,
  };
}

const outboxRow = (id: string) =>
  handle.db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function queued(subject: string): Promise<string> {
  return enqueueMail(handle.db, { to: "oferte@utilaje.test", subject, text: `${subject}\n` }, new Date());
}

/** Settles `delivery.deliver` for one queued message, or says the lease ran out first. */
async function deliverWithinLease(delivery: Delivery, id: string): Promise<string> {
  let leaseTimer: NodeJS.Timeout | undefined;
  const leaseOver = new Promise<string>(
    (resolve) => (leaseTimer = setTimeout(resolve, LEASE_MS, "still sending when the lease ran out")),
  );
  try {
    return await Promise.race([
      delivery.deliver(await outboxRow(id)).then(
        () => "sent",
        (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
      leaseOver,
    ]);
  } finally {
    clearTimeout(leaseTimer);
  }
}

describe("SMTP time limits", () => {
  it("give a send half of its lease, and no wait of the conversation longer than that or nodemailer's own", () => {
    expect(smtpTimeLimits(300)).toEqual({
      sendMs: 150_000,
      connectionTimeout: 120_000,
      greetingTimeout: 30_000,
      socketTimeout: 150_000,
    });
    expect(smtpTimeLimits(10)).toEqual({
      sendMs: 5000,
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 5000,
    });
  });

  it("end a send to a server that takes the connection and never greets, within the lease, and close the connection", async () => {
    const silent = await silentServer();
    expect(await deliverWithinLease(smtpDelivery(silent.url), await queued("never greeted"))).toMatch(/^failed: /);
    expect(silent.accepted()).toBe(1);
    await vi.waitFor(() => expect(silent.closed()).toBe(1));
  });

  it("end a send whose message the server takes and never answers, within the lease", async () => {
    const smtp = await smtpServer();
    const held = smtp.hold();
    try {
      expect(await deliverWithinLease(smtpDelivery(smtp.url), await queued("never answered"))).toMatch(/^failed: /);
      await held.arrived;
    } finally {
      held.release();
    }
  });

  it("let a sender whose server hangs record the failure while the message is its own; another sends it once, after the retry delay", async () => {
    const silent = await silentServer();
    const smtp = await smtpServer();
    const id = await queued("hung");
    const hung = sender(smtpDelivery(silent.url));
    hung.start();
    // Recorded before the lease ends: until then no other sender could have taken the message.
    const failed = await vi.waitFor(
      async () => {
        const row = await outboxRow(id);
        expect(row.attempts).toBe(1);
        return row;
      },
      { timeout: LEASE_MS, interval: 50 },
    );
    expect(failed.sent_at).toBeNull();
    expect(failed.last_error).not.toBeNull();
    await hung.stop();
    await vi.waitFor(() => expect(silent.closed()).toBe(silent.accepted()));

    const other = sender(smtpDelivery(smtp.url));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.parse(failed.next_attempt_at) + 1000);
      other.start();
      await vi.waitFor(async () => expect((await outboxRow(id)).sent_at).not.toBeNull(), { timeout: 5000 });
    } finally {
      vi.useRealTimers();
    }
    expect(smtp.received.filter((mail) => mail.subject === "hung")).toHaveLength(1);
  });
});

describe("the pooled SMTP connection", () => {
  it("carries message after message; one whose connection fails mid-way is not marked sent, and goes out once on its retry", async () => {
    const smtp = await smtpServer();
    const send = sender(smtpDelivery(smtp.url));
    const first = [await queued("pool 1"), await queued("pool 2"), await queued("pool 3")];
    send.start();
    await vi.waitFor(
      async () => expect((await Promise.all(first.map(outboxRow))).every((row) => row.sent_at !== null)).toBe(true),
      { timeout: 5000 },
    );
    expect(smtp.connections).toBe(1);

    // The server takes the next message's data, answers 421 and closes the connection.
    smtp.failNext();
    const broken = await queued("pool 4");
    const after = await queued("pool 5");
    send.wake();
    await vi.waitFor(async () => expect((await outboxRow(after)).sent_at).not.toBeNull(), { timeout: 5000 });
    const failed = await outboxRow(broken);
    expect([failed.sent_at, failed.attempts]).toEqual([null, 1]);
    expect(failed.last_error).toMatch(/421/);
    expect(smtp.connections).toBe(2);

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.parse(failed.next_attempt_at) + 1000);
      send.wake();
      await vi.waitFor(async () => expect((await outboxRow(broken)).sent_at).not.toBeNull(), { timeout: 5000 });
    } finally {
      vi.useRealTimers();
    }
    const subjects = smtp.received.map((mail) => mail.subject).filter((subject) => subject.startsWith("pool "));
    expect(subjects.sort()).toEqual(["pool 1", "pool 2", "pool 3", "pool 4", "pool 5"]);
  });
});

describe("attachments", () => {
  const pdf = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80, 0x0a]);
  const calendar = new TextEncoder().encode("BEGIN:VCALENDAR\r\nSUMMARY:Închiriere\r\nEND:VCALENDAR\r\n");
  const attachments = [
    { filename: "OF-2026-0001-v1.pdf", contentType: "application/pdf", content: pdf },
    { filename: "inchiriere.ics", contentType: "text/calendar", content: calendar },
  ];

  it("leave by SMTP byte for byte, in their order, and go with their message when it is deleted", async () => {
    const smtp = await smtpServer();
    const id = await enqueueMail(
      handle.db,
      { to: "client@utilaje.test", subject: "cu fișiere", text: "Oferta atașată.\n", attachments },
      new Date(),
    );
    sender(smtpDelivery(smtp.url)).start();
    const mail = await smtp.nextMail();
    expect(mail.text).toContain("Oferta atașată.");
    expect(mail.attachments.map(({ filename, contentType }) => [filename, contentType])).toEqual([
      ["OF-2026-0001-v1.pdf", "application/pdf"],
      ["inchiriere.ics", "text/calendar"],
    ]);
    expect([...mail.attachments[0].content]).toEqual([...pdf]);
    expect(mail.attachments[1].content.toString("utf8")).toContain("SUMMARY:Închiriere");

    await handle.db.deleteFrom("mail_outbox").where("id", "=", id).execute();
    expect(
      await handle.db.selectFrom("mail_attachments").select("mail_id").where("mail_id", "=", id).execute(),
    ).toEqual([]);
  });

  it("are written into the .eml file when no SMTP server is configured", async () => {
    const files = createDelivery({
      SMTP_URL: undefined,
      MAIL_FROM: "utilaje <no-reply@utilaje.test>",
      DATA_DIR: dataDir,
      MAIL_LEASE_SECONDS: LEASE_SECONDS,
    });
    closing.push(() => files.close());
    const id = await enqueueMail(
      handle.db,
      { to: "client@utilaje.test", subject: "în fișier", text: "Oferta atașată.\n", attachments },
      new Date(),
    );
    sender(files).start();
    await vi.waitFor(async () => expect((await outboxRow(id)).sent_at).not.toBeNull(), { timeout: 5000 });
    const [file] = emlFiles(dataDir).filter((name) => name.endsWith(`-${id}.eml`));
    const mail = parseMessage(readFileSync(file, "utf8").replace(/\r?\n/g, "\r\n"), []);
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([
      "OF-2026-0001-v1.pdf",
      "inchiriere.ics",
    ]);
    expect([...mail.attachments[0].content]).toEqual([...pdf]);
  });
});
