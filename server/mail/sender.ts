import type { Kysely } from "kysely";
import type { Dialect } from "../db/database.ts";
import {
  attachmentsOf,
  claimDueMail,
  markMailFailed,
  markMailSent,
  pruneSentMail,
  releaseMail,
} from "../db/repositories/mail-outbox.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "../core/logger.ts";
import { retryDelayMs } from "./backoff.ts";
import type { Delivery } from "./delivery.ts";

/** What request handlers see: a nudge after they queue a message, so it leaves now, not at the next poll. */
export interface Mailer {
  wake(): void;
}

export interface MailSender extends Mailer {
  start(): void;
  /**
   * Stops polling and waits a few seconds at most for the message being delivered, if any; the
   * rest of its batch is given back at once for another instance to send.
   */
  stop(): Promise<void>;
}

/** Retries and messages queued by other instances are picked up at this pace. */
const POLL_MS = 10_000;
/**
 * Messages claimed at once: one. Each is leased just before it is sent, so the lease (MAIL_LEASE_SECONDS)
 * only has to outlast one delivery: messages waiting in a batch behind a slow SMTP server could see
 * their lease run out before their turn and be sent by another instance too, and a crash would strand
 * a whole batch until the lease ends.
 */
const BATCH = 1;
const STOP_GRACE_MS = 5_000;
/** Sent messages older than the retention are deleted at most this often (on a delivery round). */
const PRUNE_EVERY_MS = 60 * 60_000;

/** Delivers the outbox's due messages in the background, one at a time, with retries and backoff. */
export function createMailSender(options: {
  db: Kysely<Database>;
  dialect: Dialect;
  delivery: Delivery;
  logger: Logger;
  /** Sent messages are kept this many days, then deleted (MAIL_RETENTION_DAYS). */
  retentionDays: number;
  /** A claimed message is another instance's again after this long: its sender may have died (MAIL_LEASE_SECONDS). */
  leaseMs: number;
}): MailSender {
  const { db, dialect, delivery, logger } = options;
  let prunedAt = Number.NEGATIVE_INFINITY;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let wokenMeanwhile = false;

  async function pruneWhenDue(): Promise<void> {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    const deleted = await pruneSentMail(db, new Date(Date.now() - options.retentionDays * 24 * 3600_000));
    if (deleted > 0) logger.info({ deleted }, "sent mail pruned");
  }

  async function deliverDue(): Promise<void> {
    await pruneWhenDue();
    for (;;) {
      const now = new Date();
      const batch = await claimDueMail(db, dialect, now, new Date(now.getTime() + options.leaseMs), BATCH);
      for (const [index, message] of batch.entries()) {
        if (!running) {
          await releaseMail(
            db,
            batch.slice(index).map((unsent) => unsent.id),
            new Date(),
          );
          return;
        }
        try {
          await delivery.deliver(message, await attachmentsOf(db, message.id));
          if (await markMailSent(db, message, new Date())) {
            logger.info({ mailId: message.id }, "mail sent");
          } else {
            // Its contact request was deleted while the message was on its way: erased, it leaves no copy here.
            await delivery.discard(message);
            logger.info({ mailId: message.id }, "mail erased while it was sent");
          }
        } catch (error) {
          const attempts = message.attempts + 1;
          const next = new Date(Date.now() + retryDelayMs(attempts));
          await markMailFailed(db, message.id, next, error instanceof Error ? error.message : String(error));
          logger.warn(
            { mailId: message.id, attempts, nextAttemptAt: next.toISOString(), err: error },
            "mail delivery failed",
          );
        }
      }
      if (batch.length < BATCH || !running) return;
    }
  }

  function schedule(): void {
    clearTimeout(timer);
    if (!running) return;
    timer = setTimeout(run, POLL_MS);
    timer.unref();
  }

  function run(): void {
    if (!running) return;
    if (current) {
      wokenMeanwhile = true;
      return;
    }
    clearTimeout(timer);
    current = deliverDue()
      .catch((error: unknown) => logger.error({ err: error }, "mail outbox failed"))
      .finally(() => {
        current = undefined;
        if (wokenMeanwhile) {
          wokenMeanwhile = false;
          run();
        } else {
          schedule();
        }
      });
  }

  return {
    start() {
      running = true;
      run();
    },
    wake: run,
    async stop() {
      running = false;
      clearTimeout(timer);
      // A hung SMTP server must not hold the shutdown: the message stays leased and is retried later.
      let gaveUp: NodeJS.Timeout | undefined;
      await Promise.race([current, new Promise((resolve) => (gaveUp = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(gaveUp);
      delivery.close();
    },
  };
}
