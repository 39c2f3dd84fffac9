import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type StreamTransport from "nodemailer/lib/stream-transport";
import type { Config } from "../core/config.ts";
import type { MailAttachment, OutboxMessage } from "../db/repositories/mail-outbox.ts";

/** Hands one message to its way out; throws when it could not (the sender retries later). */
export interface Delivery {
  deliver(message: OutboxMessage, attachments?: readonly MailAttachment[]): Promise<void>;
  /**
   * Takes back what `deliver` just did for a message erased meanwhile (a contact request deleted
   * while its mail was on its way): its .eml file goes; a message an SMTP server took is out of reach.
   */
  discard(message: OutboxMessage): Promise<void>;
  close(): void;
}

/** The directory where messages land as .eml files when no SMTP server is configured. */
export function outboxDirectory(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

/** Named by creation time first, so a directory listing reads in the order the messages were written. */
function emlFileName(message: Pick<OutboxMessage, "id" | "created_at">): string {
  return `${message.created_at.replace(/[:.]/g, "-")}-${message.id}.eml`;
}

/** The hidden file a message is written to before it is renamed to its .eml name. */
function partialFileName(emlName: string): string {
  return `.${emlName}.partial`;
}

/** '<time>-<id>.eml', as emlFileName writes it (never a hidden name): the id is the UUID before the extension. */
const EML_NAME = /^[^.][^/]*-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.eml$/;

/**
 * The id of the message an outbox file holds, written ('<time>-<id>.eml') or half-written (its
 * partialFileName); null for any other name.
 */
function messageIdOfFile(name: string): string | null {
  const emlName = name.startsWith(".") && name.endsWith(".partial") ? name.slice(1, -".partial".length) : name;
  return EML_NAME.exec(emlName)?.[1] ?? null;
}

/**
 * Removes the .eml files of messages, found by their ids alone: the outbox rows may be gone (pruned
 * once sent), and a file written before SMTP_URL was set stays on disk after it is. A message's
 * half-written twin goes too: a crash between its writing and its renaming leaves it behind, with
 * the same personal data. Only names read from the directory that end in exactly `-<id>.eml` are
 * removed (ids are UUIDs, so no other message's file ends the same way).
 */
export async function removeEmlFiles(dataDir: string, mailIds: readonly string[]): Promise<void> {
  if (mailIds.length === 0) return;
  const directory = outboxDirectory(dataDir);
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const ids = new Set(mailIds);
  const named = (name: string) => {
    const id = messageIdOfFile(name);
    return id !== null && ids.has(id);
  };
  await Promise.all(names.filter(named).map((name) => rm(path.join(directory, name), { force: true })));
}

/** nodemailer's own waits (connection, greeting, socket inactivity): longer than a lease allows. */
const NODEMAILER_WAITS_MS = { connectionTimeout: 2 * 60_000, greetingTimeout: 30_000, socketTimeout: 10 * 60_000 };

/**
 * How long one SMTP delivery may take: half the message's lease (MAIL_LEASE_SECONDS). A hung or
 * stalling server is given up on, and the failure recorded, while the message is still this sender's,
 * so another instance never sends it alongside (the outbox retries it after its backoff). No wait of
 * the SMTP conversation (connecting, the greeting, each reply) is longer either.
 */
export function smtpTimeLimits(leaseSeconds: number): {
  sendMs: number;
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
} {
  const sendMs = (leaseSeconds * 1000) / 2;
  return {
    sendMs,
    connectionTimeout: Math.min(NODEMAILER_WAITS_MS.connectionTimeout, sendMs),
    greetingTimeout: Math.min(NODEMAILER_WAITS_MS.greetingTimeout, sendMs),
    socketTimeout: Math.min(NODEMAILER_WAITS_MS.socketTimeout, sendMs),
  };
}

/**
 * nodemailer's transport, made when the first message goes out: the package is about 5 MB of heap
 * that an instance which sends nothing (most of its life) does not load (decision 50).
 */
function lazyTransport(options: SMTPPool.Options | StreamTransport.Options): {
  get(): Promise<Transporter>;
  close(): void;
} {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () =>
      (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options))),
    close: () => void transport?.then((made) => made.close()),
  };
}

/**
 * SMTP through nodemailer when SMTP_URL is set (its query may carry transport options, for example
 * `?ignoreTLS=true`); otherwise each message is written as an .eml file under DATA_DIR/outbox, which
 * any mail client opens, so a lead is kept even on a machine with no mail server.
 */
export function createDelivery(
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR" | "MAIL_LEASE_SECONDS">,
): Delivery {
  const envelope = (message: OutboxMessage, attachments: readonly MailAttachment[] = []) => ({
    from: config.MAIL_FROM,
    to: message.recipient,
    subject: message.subject,
    text: message.text_body,
    ...(message.html_body ? { html: message.html_body } : {}),
    ...(message.reply_to ? { replyTo: message.reply_to } : {}),
    messageId: `<${message.id}@utilaje>`,
    date: new Date(message.created_at),
    ...(attachments.length > 0
      ? {
          attachments: attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.content),
          })),
        }
      : {}),
  });

  if (config.SMTP_URL) {
    const { sendMs, ...waits } = smtpTimeLimits(config.MAIL_LEASE_SECONDS);
    // One SMTP connection, kept open and reused from one message to the next (the sender sends one
    // at a time): no new connection, TLS handshake and login per message. A message whose connection
    // fails is not sent again by nodemailer (maxRequeues 0) but reported failed, so the outbox retries
    // it under a lease of its own. Options in SMTP_URL's query win over these.
    const transport = lazyTransport({ url: config.SMTP_URL, pool: true, maxConnections: 1, maxRequeues: 0, ...waits });
    return {
      deliver: async (message, attachments) => {
        // The whole send is bounded, however slowly the server answers: the signal closes its connection.
        await (
          await transport.get()
        ).sendMail({
          ...envelope(message, attachments),
          signal: AbortSignal.timeout(sendMs),
        });
      },
      // Nothing to take back: the message is in the company's mailbox.
      discard: async () => {},
      close: () => transport.close(),
    };
  }

  const directory = outboxDirectory(config.DATA_DIR);
  const composer = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    deliver: async (message, attachments) => {
      const info = await (await composer.get()).sendMail(envelope(message, attachments));
      await mkdir(directory, { recursive: true, mode: 0o700 });
      // Readable by the server's user only: a message may hold a reset link or a visitor's details.
      // Written aside and renamed, so whoever watches the directory never sees half a message, and a
      // retry after a crash replaces the file instead of adding a second one.
      const name = emlFileName(message);
      const partial = path.join(directory, partialFileName(name));
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, path.join(directory, name));
    },
    discard: (message) => rm(path.join(directory, emlFileName(message)), { force: true }),
    close: () => composer.close(),
  };
}
