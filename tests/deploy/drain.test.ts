import { mkdtempSync, rmSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { sendContact, validContact } from "../helpers/contact.ts";
import { DEPLOYMENT_ENV, SOON, startInstance, unitEnvironment, type Instance } from "../helpers/deployment.ts";
import { freePort } from "../helpers/free-port.ts";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp.ts";
import { createTestDatabase, siteAt, TEST_ADMIN } from "../helpers/test-server.ts";

/**
 * SIGTERM on an instance started as the systemd unit of docs/operations.md starts it: it drains
 * (/readyz 503, replies close their connections), stops accepting after SHUTDOWN_DELAY, lets the
 * request in flight and the mail being sent finish, and exits 0.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: TestSmtpServer;
let instance: Instance | undefined;
let stateDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database) throw new Error("the deployment tests run on PostgreSQL (TEST_DIALECT=postgres)");
  smtp = await startSmtpServer();
  stateDir = mkdtempSync(path.join(tmpdir(), "utilaje-drain-"));
});

afterAll(async () => {
  await instance?.stop();
  await smtp?.close();
  await database?.drop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** A POST whose headers have reached the server (it answered 100 Continue) and whose body is half sent. */
async function halfSentLogin(
  url: string,
): Promise<{ finish(): Promise<{ status: number; connection: string | undefined; body: string }> }> {
  const body = Buffer.from(JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }));
  const call = request(`${url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Length": body.length, Expect: "100-continue" },
  });
  const replied = new Promise<IncomingMessage>((resolve, reject) => {
    call.once("response", resolve);
    call.once("error", reject);
  });
  // Awaited in finish(); a test that fails before must not leave it unhandled.
  replied.catch(() => {});
  await new Promise<void>((resolve) => call.once("continue", resolve));
  call.write(body.subarray(0, 10));
  return {
    finish: async () => {
      call.end(body.subarray(10));
      const response = await replied;
      let text = "";
      for await (const chunk of response) text += String(chunk);
      return { status: response.statusCode ?? 0, connection: response.headers.connection, body: text };
    },
  };
}

it(
  "SIGTERM: /readyz turns 503, the request in flight and the mail being sent finish, the process exits 0",
  { timeout: 90_000 },
  async () => {
    const port = await freePort();
    instance = await startInstance(port, {
      ...unitEnvironment(port, stateDir),
      ...DEPLOYMENT_ENV,
      DATABASE_URL: database?.url ?? "",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      // Long enough for the test to see /readyz say so while the instance still accepts connections.
      SHUTDOWN_DELAY: "2",
    });
    const site = siteAt(instance.url);
    let exitCode: number | null | undefined;
    void instance.exited.then((code) => (exitCode = code));

    // A mail in the middle of its delivery: the SMTP server has its data and has not answered.
    const held = smtp.hold();
    const sending = validContact();
    expect((await sendContact(site, sending)).status).toBe(201);
    await held.arrived;
    // A second request queued behind it, and a login whose body is still arriving.
    const queued = validContact();
    expect((await sendContact(site, queued)).status).toBe(201);
    const login = await halfSentLogin(instance.url);

    instance.signal("SIGTERM");
    // A kept connection the draining instance closes as we send on it fails the fetch: waitFor asks again.
    const readiness = await vi.waitFor(async () => {
      const response = await site.fetch("/readyz");
      const reply = {
        status: response.status,
        body: (await response.json()) as unknown,
        connection: response.headers.get("connection"),
      };
      expect(reply.status).toBe(503);
      return reply;
    }, SOON);
    expect(readiness).toEqual({
      status: 503,
      body: { status: "unavailable", reason: "draining" },
      connection: "close",
    });

    const loggedIn = await login.finish();
    expect(loggedIn.status, loggedIn.body).toBe(200);
    expect(JSON.parse(loggedIn.body)).toMatchObject({ token: expect.any(String) });
    expect(loggedIn.connection).toBe("close");

    // After the delay it accepts no connection, and still runs: the mail is not sent yet.
    await vi.waitFor(
      async () =>
        expect(
          await site.fetch("/healthz").then(
            () => "accepted",
            () => "refused",
          ),
        ).toBe("refused"),
      SOON,
    );
    expect(exitCode).toBeUndefined();

    held.release();
    expect(await instance.exited).toBe(0);
    expect(smtp.received.filter((mail) => mail.text.includes(sending.marker))).toHaveLength(1);

    const client = new pg.Client({ connectionString: database?.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ text_body: string; sent_at: string | null; next_attempt_at: string }>(
        "select text_body, sent_at, next_attempt_at from mail_outbox",
      );
      const row = (marker: string) => rows.find((candidate) => candidate.text_body.includes(marker));
      expect(row(sending.marker)?.sent_at).not.toBeNull();
      // The queued one was not sent by the stopping instance and is not held by a lease: the next
      // instance to look sends it at once.
      expect(row(queued.marker)?.sent_at).toBeNull();
      expect(new Date(row(queued.marker)?.next_attempt_at ?? "").getTime()).toBeLessThanOrEqual(Date.now());
    } finally {
      await client.end();
    }
  },
);
