import { randomUUID } from "node:crypto";
import path from "node:path";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import SQLite from "better-sqlite3";
import pLimit from "p-limit";
import { SMTPServer } from "smtp-server";
import { parseMessage } from "../tests/helpers/smtp.ts";
import { freePort } from "../tests/helpers/free-port.ts";
import { envNumber, runBench, type Cleanup } from "./lib/bench-main.ts";
import { requireProductionBuild, startProductionServer, type ServerProcess } from "./lib/production-server.ts";
import { writeResults, type Figure } from "./lib/results.ts";

/**
 * The contact form's reliability figures, on the production server with SQLite:
 *  1. SMTP down (a closed port): N valid requests at c=10 → every one answered 201 and stored;
 *     the latency of those calls (captcha verification + the transaction; no SMTP on the path).
 *  2. A real SMTP server comes up on that port → every request delivered exactly once (counted by
 *     the unique marker each message carries) once the outbox holds nothing unsent.
 *  3. kill -9 of the server during a burst, then a restart on the same data → every request that
 *     got its 201 is in the database and is delivered exactly once. The message the dead server was
 *     sending waits out its lease: MAIL_LEASE_SECONDS is shortened for the bench (and reported).
 */

const BENCH = "contact-reliability";
const CONCURRENCY = 10;
const MARKER = /bench-[0-9a-f-]{36}/g;

interface Submission {
  marker: string;
  status: number;
  id?: string;
  ms: number;
}

/** `count` tasks, CONCURRENCY at a time, results in the order they finish; `onEach` sees each as it comes. */
async function pool<T>(
  count: number,
  task: (index: number) => Promise<T>,
  onEach: (done: number) => void = () => {},
): Promise<T[]> {
  const results: T[] = [];
  await pLimit(CONCURRENCY).map(
    Array.from({ length: count }, (_, index) => index),
    async (index) => {
      results.push(await task(index));
      onEach(results.length);
    },
  );
  return results;
}

/**
 * Captcha answers made beforehand, as browsers make them (challenge fetched, then solved), so the
 * bench's own solving is not in the timed calls.
 */
async function answers(base: string, count: number): Promise<string[]> {
  return pool(count, async () => {
    const challenge = (await (await fetch(`${base}/api/contact/challenge`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  });
}

/** One request as the browser sends it; status 0 when the server could not be reached (or died meanwhile). */
async function submit(base: string, recaptcha: string): Promise<Submission> {
  const marker = `bench-${randomUUID()}`;
  const body = JSON.stringify({
    lastName: "Bench",
    firstName: "Contact",
    phone: "0722 123 456",
    email: "bench@example.ro",
    message: `Cerere de test ${marker}`,
    check: true,
    recaptcha,
  });
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    const reply = (await response.json()) as { id?: string };
    return { marker, status: response.status, id: reply.id, ms: performance.now() - started };
  } catch {
    return { marker, status: 0, ms: performance.now() - started };
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** A real SMTP server on `port` that counts each marker it receives, and keeps the Message-IDs each came with. */
async function startMailbox(cleanup: Cleanup, port: number): Promise<Map<string, string[]>> {
  const received = new Map<string, string[]>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = parseMessage(
          Buffer.concat(chunks).toString("utf8"),
          session.envelope.rcptTo.map((rcpt) => rcpt.address),
        );
        for (const marker of new Set(mail.text.match(MARKER) ?? []))
          received.set(marker, [...(received.get(marker) ?? []), mail.header("Message-ID")]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", () => resolve()));
  cleanup.add(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return received;
}

/** Polls a condition (every 250 ms) until it holds; the seconds it took. */
async function waitUntil(what: string, seconds: number, done: () => boolean): Promise<number> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > seconds * 1000) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return (Date.now() - started) / 1000;
}

/** The server's SQLite file, read beside it (WAL lets a reader in while it writes). */
function query<T>(dataDir: string, sql: string): T[] {
  const db = new SQLite(path.join(dataDir, "utilaje.db"), { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const storedIds = (dataDir: string) =>
  new Set(query<{ id: string }>(dataDir, "select id from contact_requests").map((row) => row.id));
/** Messages not yet marked sent: while there are none, no further copy can leave. */
const unsent = (dataDir: string) =>
  query<{ n: number }>(dataDir, "select count(*) as n from mail_outbox where sent_at is null")[0].n;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole);

await runBench(async (cleanup) => {
  requireProductionBuild();
  const count = envNumber("BENCH_CONTACT_SUBMISSIONS", 200);
  const waitSeconds = envNumber("BENCH_CONTACT_WAIT", 420);
  const leaseSeconds = envNumber("BENCH_CONTACT_LEASE", 30);
  const dataDir = cleanup.tempDir("utilaje-bench-contact-");
  const smtpPort = await freePort();
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    CONTACT_RATE_LIMIT: "1000000",
    // The server's verification costs the same at any difficulty; a cheap one keeps the bench's own solving short.
    ALTCHA_COST: "1",
    ALTCHA_MAX_COUNTER: "1000",
    // Longer than a send to the local SMTP server takes; the default (5 minutes) would only make phase 3 wait.
    MAIL_LEASE_SECONDS: String(leaseSeconds),
  };
  const start = () => startProductionServer(cleanup, { dataDir, seedDemo: false, env });
  let server: ServerProcess = await start();

  // 1. SMTP down.
  console.log(`1. SMTP down (port ${smtpPort} closed): ${count} requests at c=${CONCURRENCY}`);
  const downAnswers = await answers(server.url, count);
  const down = await pool(count, (index) => submit(server.url, downAnswers[index]));
  const accepted = down.filter((result) => result.status === 201);
  const stored = storedIds(dataDir);
  const downStored = accepted.filter((result) => result.id && stored.has(result.id)).length;
  const [p50, p99] = [
    percentile(
      down.map((result) => result.ms),
      50,
    ),
    percentile(
      down.map((result) => result.ms),
      99,
    ),
  ];
  console.log(
    `   ${accepted.length} answered 201, ${downStored} stored; latency p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
  );

  // 2. SMTP up.
  const received = await startMailbox(cleanup, smtpPort);
  console.log("2. SMTP up: waiting for the outbox's retries (backoff from 30 s)");
  const deliveredIn = await waitUntil(
    "delivery after SMTP came up",
    waitSeconds,
    () => accepted.every((result) => received.has(result.marker)) && unsent(dataDir) === 0,
  );
  const exactlyOnce = accepted.filter((result) => received.get(result.marker)?.length === 1).length;
  console.log(
    `   all delivered ${deliveredIn.toFixed(1)} s after SMTP came up; ${exactlyOnce} of ${accepted.length} exactly once`,
  );

  // 3. kill -9 during a burst.
  const killAfter = Math.floor(count / 2);
  console.log(`3. kill -9 after ${killAfter} of ${count} answers, then a restart (MAIL_LEASE_SECONDS=${leaseSeconds})`);
  const burstAnswers = await answers(server.url, count);
  const dying = server;
  let killed = false;
  const burstResults = await pool(
    count,
    (index) => submit(dying.url, burstAnswers[index]),
    (done) => {
      if (done >= killAfter && !killed) {
        killed = true;
        process.kill(dying.pid, "SIGKILL");
      }
    },
  );
  const before = burstResults.filter((result) => result.status === 201);
  const refused = burstResults.filter((result) => result.status !== 201 && result.status !== 0).length;
  const failed = burstResults.filter((result) => result.status === 0).length;
  const leasedAtKill = query<{ n: number }>(
    dataDir,
    `select count(*) as n from mail_outbox where sent_at is null and next_attempt_at > '${new Date().toISOString()}'`,
  )[0].n;
  server = await start();
  const afterRestart = storedIds(dataDir);
  const present = before.filter((result) => result.id && afterRestart.has(result.id)).length;
  console.log(
    `   ${before.length} answered 201 before the kill, ${failed} calls failed with it (${refused} other answers); ${present} of the 201s in the database after restart; ${leasedAtKill} message(s) left leased by the dead server (or waiting for a retry)`,
  );
  const killDeliveredIn = await waitUntil(
    "delivery after the restart",
    waitSeconds,
    () => before.every((result) => received.has(result.marker)) && unsent(dataDir) === 0,
  );
  const killOnce = before.filter((result) => received.get(result.marker)?.length === 1).length;
  const copies = [...received.values()].filter((ids) => ids.length > 1);
  const sameId = copies.filter((ids) => new Set(ids).size === 1).length;
  console.log(
    `   all delivered within ${killDeliveredIn.toFixed(1)} s of the restart; ${killOnce} of ${before.length} exactly once; ${copies.length} markers arrived more than once overall (${sameId} of them with one Message-ID)`,
  );

  const figures: Figure[] = [
    {
      name: "SMTP down: requests answered 201 and stored",
      value: percent(downStored, count),
      unit: "%",
      budget: 100,
      kind: "at-least",
      details: `${accepted.length} of ${count} answered 201, ${downStored} stored`,
    },
    {
      name: "SMTP back: requests delivered exactly once",
      value: percent(exactlyOnce, count),
      unit: "%",
      budget: 100,
      kind: "at-least",
      details: `all within ${deliveredIn.toFixed(1)} s of SMTP coming up (retries back off from 30 s)`,
    },
    {
      name: "kill -9: 201s in the database after restart",
      value: percent(present, before.length),
      unit: "%",
      budget: 100,
      kind: "at-least",
      details: `${present} of ${before.length}; ${failed} calls in flight or after the kill failed with the process`,
    },
    {
      name: "kill -9: 201s delivered exactly once",
      value: percent(killOnce, before.length),
      unit: "%",
      budget: 100,
      kind: "at-least",
      details: `${killOnce} of ${before.length}, all within ${killDeliveredIn.toFixed(1)} s of the restart (lease ${leaseSeconds} s); ${copies.length} markers arrived twice or more`,
    },
    // No budget was set for it: ours, so the figure is watched.
    {
      name: "submission latency p50 at c=10",
      value: p50,
      unit: "ms",
      budget: 50,
      kind: "below",
      details: `${count} calls; captcha verification + transaction, SMTP not on the path`,
    },
    { name: "submission latency p99 at c=10", value: p99, unit: "ms", budget: 250, kind: "below" },
  ];
  return writeResults(BENCH, figures);
});
