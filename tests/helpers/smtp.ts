import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The text body, transfer encoding undone (the text/plain part of a multipart message). */
  text: string;
  /** The text/html part, when there is one. */
  html?: string;
  /** The parts sent as attachments, decoded, in their order. */
  attachments: ReceivedAttachment[];
  /** The message's header section, folded lines joined. */
  headers: string;
  /** The value of one header of the message ('' when absent). */
  header(name: string): string;
}

export interface TestSmtpServer {
  /** The SMTP_URL to give the site (nodemailer ignores TLS: the test server offers none). */
  url: string;
  received: ReceivedMail[];
  /** While true, every recipient is refused with a temporary error. */
  refuse: boolean;
  /** SMTP connections opened to it so far. */
  connections: number;
  /**
   * The next message's data is received, then refused with 421 and its connection closed: a server
   * failing in the middle of a send. The message is not kept.
   */
  failNext(): void;
  /**
   * From now on, a message's data is received but not answered until `release()` (a slow SMTP
   * server, to catch a sender in the middle of a delivery); `arrived` resolves when the first one is held.
   */
  hold(): { arrived: Promise<void>; release(): void };
  /** Resolves with the next message to arrive (or one that arrived and was not yet taken). */
  nextMail(): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 and an ephemeral port that keeps what it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  let held: { gate: Promise<void>; arrive(): void } | undefined;
  let failing = false;
  const state: Omit<TestSmtpServer, "close"> = {
    url: "",
    received,
    refuse: false,
    connections: 0,
    failNext: () => (failing = true),
    hold: () => {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      held = { gate, arrive };
      return {
        arrived,
        release: () => {
          held = undefined;
          release();
        },
      };
    },
    nextMail: () =>
      new Promise((resolve) => {
        if (taken < received.length) resolve(received[taken++]);
        else waiting.push(resolve);
      }),
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect: (_session, callback) => {
      state.connections += 1;
      callback();
    },
    onRcptTo: (_address, _session, callback) => {
      callback(state.refuse ? Object.assign(new Error("mailbox busy, try later"), { responseCode: 451 }) : null);
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (failing) {
          failing = false;
          callback(Object.assign(new Error("closing in the middle of the message"), { responseCode: 421 }));
          return;
        }
        if (held) {
          held.arrive();
          await held.gate;
        }
        const mail = parseMessage(
          Buffer.concat(chunks).toString("utf8"),
          session.envelope.rcptTo.map((rcpt) => rcpt.address),
        );
        received.push(mail);
        const resolve = waiting.shift();
        if (resolve) resolve(received[taken++]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  // The same object the server's handlers read: a test's `refuse = true` reaches them.
  return Object.assign(state, { close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) });
}

/**
 * Enough of RFC 5322 / MIME for the messages the site sends: single-part text, text + HTML
 * alternatives, and base64 attachments (an offer's PDF, a rental's .ics) beside them.
 */
export function parseMessage(raw: string, to: string[]): ReceivedMail {
  const { headers, header, body } = splitPart(raw);
  const parts = new Map<string, string>();
  const attachments: ReceivedAttachment[] = [];
  collectParts(header, body, parts, attachments);
  return {
    to,
    subject: header("Subject"),
    text: (parts.get("text/plain") ?? "").replace(/\r\n/g, "\n"),
    ...(parts.has("text/html") ? { html: (parts.get("text/html") ?? "").replace(/\r\n/g, "\n") } : {}),
    attachments,
    headers,
    header,
  };
}

function splitPart(raw: string): { headers: string; header: (name: string) => string; body: string } {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(headers)?.[1]?.trim() ?? "";
  return { headers, header, body: raw.slice(split + 4) };
}

/** Walks multipart bodies, keeping each leaf's decoded text by its content type, and each attachment's bytes. */
function collectParts(
  header: (name: string) => string,
  body: string,
  parts: Map<string, string>,
  attachments: ReceivedAttachment[],
): void {
  const type = header("Content-Type").toLowerCase() || "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(header("Content-Type"))?.[1];
  if (type.startsWith("multipart/") && boundary) {
    for (const piece of body.split(`--${boundary}`).slice(1)) {
      if (piece.startsWith("--")) break;
      const part = splitPart(piece.replace(/^\r\n/, ""));
      collectParts(part.header, part.body.replace(/\r\n$/, ""), parts, attachments);
    }
    return;
  }
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  if (/^attachment/i.test(header("Content-Disposition"))) {
    const filename = /filename="?([^";]+)"?/i.exec(header("Content-Disposition"))?.[1] ?? "";
    const content = encoding === "base64" ? Buffer.from(body, "base64") : Buffer.from(body, "utf8");
    attachments.push({ filename, contentType: type.split(";")[0].trim(), content });
    return;
  }
  const text =
    encoding === "quoted-printable"
      ? Buffer.from(
          body
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8")
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  parts.set(type.split(";")[0].trim(), text);
}

/** The token of the reset link in a message, checking the link's form on the way. */
export function resetTokenOf(mail: Pick<ReceivedMail, "text">, publicUrl: string): string {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}/admin/reset/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no reset link to ${publicUrl} in:\n${mail.text}`);
  return match[1];
}
