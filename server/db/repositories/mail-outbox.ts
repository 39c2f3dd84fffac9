import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, MailOutboxTable } from "../schema.ts";

export type OutboxMessage = Selectable<MailOutboxTable>;

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An address answers go to (the visitor who wrote); checked by the caller, never free text. */
  replyTo?: string;
  /** The body holds a one-time secret (a reset link): it is not kept once the message is sent. */
  oneTime?: boolean;
}

/** What a sent one-time message keeps instead of its body. */
export const REMOVED_BODY = "[removed once sent: the message held a one-time link]";

/** Queues a message; call it in the transaction of the change it reports, so neither exists without the other. */
export async function enqueueMail(db: Kysely<Database>, mail: NewMail, now: Date): Promise<string> {
  const id = randomUUID();
  const at = now.toISOString();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      reply_to: mail.replyTo ?? null,
      next_attempt_at: at,
      sent_at: null,
      last_error: null,
      created_at: at,
      one_time: mail.oneTime ? 1 : 0,
    })
    .execute();
  return id;
}

/**
 * Takes up to `limit` due messages for this sender: each is leased by moving its next attempt to
 * `leaseUntil` with a compare-and-set, so two instances never send the same message at once, and
 * a sender that dies mid-way leaves it to be retried when the lease ends.
 */
export async function claimDueMail(db: Kysely<Database>, now: Date, leaseUntil: Date, limit: number): Promise<OutboxMessage[]> {
  const due = await db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("sent_at", "is", null)
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("next_attempt_at")
    .limit(limit)
    .execute();
  const claimed: OutboxMessage[] = [];
  for (const message of due) {
    const row = await db
      .updateTable("mail_outbox")
      .set({ next_attempt_at: leaseUntil.toISOString() })
      .where("id", "=", message.id)
      .where("sent_at", "is", null)
      .where("next_attempt_at", "=", message.next_attempt_at)
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

/** Marks the message sent; a one-time message's body goes at the same moment (the link must not outlive its mail). */
export async function markMailSent(db: Kysely<Database>, message: Pick<OutboxMessage, "id" | "one_time">, now: Date): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      sent_at: now.toISOString(),
      attempts: eb("attempts", "+", 1),
      last_error: null,
      ...(message.one_time ? { text_body: REMOVED_BODY, html_body: null } : {}),
    }))
    .where("id", "=", message.id)
    .execute();
}

/** Deletes the messages sent before `before` (MAIL_RETENTION_DAYS); unsent ones stay until they are delivered. */
export async function pruneSentMail(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom("mail_outbox").where("sent_at", "is not", null).where("sent_at", "<", before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function markMailFailed(db: Kysely<Database>, id: string, nextAttemptAt: Date, error: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({ next_attempt_at: nextAttemptAt.toISOString(), attempts: eb("attempts", "+", 1), last_error: error.slice(0, 1000) }))
    .where("id", "=", id)
    .execute();
}
