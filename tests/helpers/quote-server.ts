import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import type { LeadView } from "../../common/leads/lead-schemas.ts";
import type { QuoteItemInput } from "../../common/leads/quote-list-schema.ts";
import { createFixtureCatalogue, type FixtureCatalogue } from "../fixtures/catalogue.ts";
import { callJson, loginAsAdmin } from "./auth.ts";
import { json } from "./catalogue-api.ts";
import { FAST_ALTCHA, sendContact, validContact } from "./contact.ts";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "./smtp.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

/**
 * A server for the quote list's API tests: its own SMTP server (the company's e-mails are read as
 * received), the fixture catalogue, an administrator's token, and no request left from the test before.
 */
export interface QuoteServer {
  readonly server: TestServer;
  readonly catalogue: FixtureCatalogue;
  /** An admin call with the administrator's token. */
  admin(method: string, pathname: string, body?: unknown): Promise<Response>;
  /** Sends the contact form, valid but for `items` and `overrides`. */
  send(items: unknown, overrides?: Record<string, unknown>): Promise<Response>;
  /** Sends the form (201 expected) and reads the request as the inbox shows it. */
  sent(items: QuoteItemInput[], overrides?: Record<string, unknown>): Promise<LeadView>;
  /** The one e-mail received whose text holds `marker`, once it has arrived. */
  mailWith(marker: string): Promise<ReceivedMail>;
  /** How many rows `table` holds. */
  rowCount(table: "contact_requests" | "contact_request_items"): Promise<number>;
}

export function withQuoteServer(): QuoteServer {
  let smtp: TestSmtpServer | undefined;
  let running: { server: TestServer; token: string; catalogue: FixtureCatalogue } | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const server = await startTestServer({
      ...FAST_ALTCHA,
      CONTACT_RATE_LIMIT: "1000",
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://utilaje.example",
    });
    const { token } = await loginAsAdmin(server);
    running = { server, token, catalogue: await createFixtureCatalogue(server.services) };
  });
  afterAll(async () => {
    await running?.server.close();
    await smtp?.close();
  });
  const started = () => {
    if (!running || !smtp) throw new Error("withQuoteServer: used before its beforeAll ran");
    return { ...running, smtp };
  };
  beforeEach(async () => {
    await started().server.services.db.deleteFrom("contact_requests").execute();
  });

  const admin = (method: string, pathname: string, body?: unknown) =>
    callJson(started().server, method, pathname, body, started().token);
  const send = (items: unknown, overrides: Record<string, unknown> = {}) =>
    sendContact(started().server, { ...validContact(), items, ...overrides });
  return {
    get server() {
      return started().server;
    },
    get catalogue() {
      return started().catalogue;
    },
    admin,
    send,
    async sent(items, overrides = {}) {
      const { id } = await json<{ id: string }>(await send(items, overrides), 201);
      return json<LeadView>(await admin("GET", `/api/contact/requests/${id}`), 200);
    },
    mailWith: (marker) =>
      vi.waitFor(() => {
        const found = started().smtp.received.filter((mail) => mail.text.includes(marker));
        expect(found).toHaveLength(1);
        return found[0] as ReceivedMail;
      }),
    async rowCount(table) {
      const { n } = await started()
        .server.services.db.selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}
