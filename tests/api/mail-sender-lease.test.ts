import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { enqueueMail, type OutboxMessage } from "../../server/db/repositories/mail-outbox.ts";
import { createLogger } from "../../server/core/logger.ts";
import type { Delivery } from "../../server/mail/delivery.ts";
import { createMailSender, type MailSender } from "../../server/mail/sender.ts";
import { createTestDatabase } from "../helpers/test-server.ts";

/*
 * The outbox as several instances (or one that crashed and restarted) send it from one database:
 * a message is leased only while it is being sent, and another sender takes it only once the lease
 * (MAIL_LEASE_SECONDS) is over.
 */

const LEASE_MS = 60_000;
let handle: DatabaseHandle;
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const senders: MailSender[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-outbox-"));
  database = await createTestDatabase();
  handle = openDatabase({ databaseUrl: database?.url, dataDir });
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await Promise.all(senders.map((sender) => sender.stop()));
  await handle?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A delivery that records the subjects it sends; `stuck` ones never finish (the instance hangs or died mid-send). */
function delivery(
  stuck: (subject: string) => boolean = () => false,
): Delivery & { started: string[]; sent: string[]; release(): void } {
  const started: string[] = [];
  const sent: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    started,
    sent,
    release: () => release(),
    deliver: async (message: OutboxMessage) => {
      started.push(message.subject);
      if (stuck(message.subject)) {
        await released;
        throw new Error("the instance died mid-send");
      }
      sent.push(message.subject);
    },
    discard: async () => {},
    close: () => {},
  };
}

function sender(way: Delivery): MailSender {
  const created = createMailSender({
    db: handle.db,
    dialect: handle.dialect,
    delivery: way,
    logger: createLogger("silent"),
    retentionDays: 30,
    leaseMs: LEASE_MS,
  });
  senders.push(created);
  return created;
}

describe("the outbox shared by several senders", () => {
  it("leases only the message being sent; another sender takes the rest at once, and that one after its lease", async () => {
    const start = Date.now();
    for (const [index, subject] of ["first", "second", "third"].entries()) {
      await enqueueMail(
        handle.db,
        { to: "oferte@utilaje.test", subject, text: subject },
        new Date(start - 1000 + index),
      );
    }
    const hung = delivery((subject) => subject === "first");
    sender(hung).start();
    await vi.waitFor(() => expect(hung.started).toEqual(["first"]));

    const other = delivery();
    const second = sender(other);
    second.start();
    await vi.waitFor(() => expect(other.sent).toEqual(["second", "third"]));
    second.wake();
    // The first message is still leased by the hung sender: nobody else sends it before the lease ends.
    await vi.waitFor(async () =>
      expect(
        await handle.db.selectFrom("mail_outbox").select("id").where("sent_at", "is", null).execute(),
      ).toHaveLength(1),
    );
    expect(other.started).toEqual(["second", "third"]);

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(start + LEASE_MS + 1000);
      second.wake();
      await vi.waitFor(() => expect(other.sent).toEqual(["second", "third", "first"]));
    } finally {
      vi.useRealTimers();
      hung.release();
    }
    const rows = await handle.db.selectFrom("mail_outbox").select(["subject", "sent_at"]).execute();
    expect(rows.every((row) => row.sent_at !== null)).toBe(true);
  });
});
