import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "../database.ts";
import type { Database, MailOutboxTable } from "../schema.ts";

export type OutboxMessage = Selectable<MailOutboxTable>;

/** A file sent with a message: an offer's PDF, a rental's .ics. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An address answers go to (the visitor who wrote); checked by the caller, never free text. */
  replyTo?: string;
  /** The body holds a one-time secret (a reset link): it is not kept once the message is sent. */
  oneTime?: boolean;
  /** Files sent with it, in this order; kept with the message and deleted with it. */
  attachments?: readonly MailAttachment[];
  /** The offer it carries or answers: erasing the offer's request deletes it (decision 100). */
  offerId?: string;
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
      offer_id: mail.offerId ?? null,
    })
    .execute();
  const attachments = mail.attachments ?? [];
  if (attachments.length > 0)
    await db
      .insertInto("mail_attachments")
      .values(
        attachments.map((file, position) => ({
          mail_id: id,
          position,
          filename: file.filename,
          content_type: file.contentType,
          content: file.content,
        })),
      )
      .execute();
  return id;
}

/** A message's attachments, in their order: read when it is delivered, never with the outbox's lists. */
export async function attachmentsOf(db: Kysely<Database>, mailId: string): Promise<MailAttachment[]> {
  const rows = await db
    .selectFrom("mail_attachments")
    .select(["filename", "content_type", "content"])
    .where("mail_id", "=", mailId)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({ filename: row.filename, contentType: row.content_type, content: row.content }));
}

/**
 * Takes up to `limit` due messages for this sender with one statement: each is leased by moving its
 * next attempt to `leaseUntil`, so no other sender takes it while it is being delivered, and a sender
 * that dies mid-way leaves it to be retried when the lease ends. On PostgreSQL the rows are chosen
 * `for update skip locked`: concurrent senders take disjoint batches instead of queueing on the same
 * rows (decision 27). SQLite runs one write at a time, so the statement alone is enough there.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  dialect: Dialect,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<OutboxMessage[]> {
  const due = db
    .selectFrom("mail_outbox")
    .select("id")
    .where("sent_at", "is", null)
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("next_attempt_at")
    .limit(limit);
  return db
    .updateTable("mail_outbox")
    .set({ next_attempt_at: leaseUntil.toISOString() })
    .where("id", "in", dialect === "postgres" ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute()
    .then((rows) => rows.sort((a, b) => a.created_at.localeCompare(b.created_at)));
}

/** Gives claimed messages back before their lease ends (a sender stopping), so another sender takes them now. */
export async function releaseMail(db: Kysely<Database>, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("mail_outbox")
    .set({ next_attempt_at: now.toISOString() })
    .where("id", "in", ids)
    .where("sent_at", "is", null)
    .execute();
}

/**
 * Marks the message sent; a one-time message's body goes at the same moment (the link must not outlive
 * its mail). False when the row is gone: the message was erased (a deleted contact request) meanwhile.
 */
export async function markMailSent(
  db: Kysely<Database>,
  message: Pick<OutboxMessage, "id" | "one_time">,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      sent_at: now.toISOString(),
      attempts: eb("attempts", "+", 1),
      last_error: null,
      ...(message.one_time ? { text_body: REMOVED_BODY, html_body: null } : {}),
    }))
    .where("id", "=", message.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the messages sent before `before` (MAIL_RETENTION_DAYS); unsent ones stay until they are delivered. */
export async function pruneSentMail(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("mail_outbox")
    .where("sent_at", "is not", null)
    .where("sent_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function markMailFailed(
  db: Kysely<Database>,
  id: string,
  nextAttemptAt: Date,
  error: string,
): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      next_attempt_at: nextAttemptAt.toISOString(),
      attempts: eb("attempts", "+", 1),
      last_error: error.slice(0, 1000),
    }))
    .where("id", "=", id)
    // Sent by another instance meanwhile (this one's lease ran out): it is delivered, not failing.
    .where("sent_at", "is", null)
    .execute();
}

/** Deletes the messages that carried or answered these offers (their attachments go with them); their ids. */
export async function deleteMailsOfOffers(db: Kysely<Database>, offerIds: readonly string[]): Promise<string[]> {
  if (offerIds.length === 0) return [];
  const rows = await db.deleteFrom("mail_outbox").where("offer_id", "in", offerIds).returning("id").execute();
  return rows.map((row) => row.id);
}
