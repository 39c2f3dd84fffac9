import { randomUUID } from "node:crypto";
import pg from "pg";
import { callJson, loginAsAdmin } from "../tests/helpers/auth.ts";
import { sendContact, validContact } from "../tests/helpers/contact.ts";
import { startDeployment } from "../tests/helpers/deployment.ts";
import { startEmbeddedPostgres } from "../tests/helpers/embedded-postgres.ts";
import { startSmtpServer } from "../tests/helpers/smtp.ts";
import { siteAt, type Site } from "../tests/helpers/test-server.ts";
import { envNumber, runBench } from "./lib/bench-main.ts";
import { requireProductionBuild } from "./lib/production-server.ts";
import { round, writeResults } from "./lib/results.ts";
import { createTempPostgresDatabase } from "./lib/temp-database.ts";

/**
 * The figures of two instances on one PostgreSQL behind nginx (docs/operations.md's shape):
 *
 * 1. Exactly-once mail: BENCH_SUBMISSIONS (500) contact requests sent through nginx, 25 at a time,
 *    so both instances take them and both outbox senders deliver; once the outbox is empty, the
 *    mails the SMTP server received are counted per request's unique marker (goal: each exactly once).
 *    The time from the first request to the empty outbox gives the mail rate of the two senders.
 *    BENCH_SMTP_QUERY is appended to SMTP_URL: `&pool=false` sends as before the pooled connection
 *    (a new SMTP connection per message), for a before/after ratio.
 * 2. Agreement delay: BENCH_WRITES (20) category renames through instance A; after each, the time
 *    until instance B's API, then B's public page, shows the new name (polled back to back). The
 *    page may lag by the catalogue-version read interval, 250 ms (decision 10).
 */

const CATALOGUE_VERSION_INTERVAL_MS = 250;

await runBench(async (cleanup) => {
  requireProductionBuild();
  const submissions = envNumber("BENCH_SUBMISSIONS", 500);
  const writes = envNumber("BENCH_WRITES", 20);
  const cluster = await startEmbeddedPostgres();
  cleanup.add(() => cluster.stop());
  const databaseUrl = await createTempPostgresDatabase(cleanup, `${cluster.adminUrl}/postgres`);
  const smtp = await startSmtpServer();
  cleanup.add(() => smtp.close());
  const deployment = await startDeployment(databaseUrl, {
    SMTP_URL: `${smtp.url}${process.env.BENCH_SMTP_QUERY ?? ""}`,
  });
  cleanup.add(() => deployment.stop());
  const site = siteAt(deployment.url);
  const [first, second] = deployment.instances.map((instance) => siteAt(instance.url));

  // 1. Exactly-once mail.
  console.log(`two-instances: ${submissions} contact requests through nginx…`);
  const requests = Array.from({ length: submissions }, () => validContact());
  const statuses: number[] = [];
  const firstRequest = performance.now();
  for (let start = 0; start < requests.length; start += 25) {
    const replies = await Promise.all(requests.slice(start, start + 25).map((request) => sendContact(site, request)));
    statuses.push(...replies.map((reply) => reply.status));
  }
  const refused = statuses.filter((status) => status !== 201).length;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const drainStarted = performance.now();
  try {
    const unsent = async () =>
      Number(
        (await client.query<{ count: string }>("select count(*) from mail_outbox where sent_at is null")).rows[0].count,
      );
    while ((await unsent()) > 0 && performance.now() - drainStarted < 120_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    await client.end();
  }
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  const mailSeconds = (performance.now() - firstRequest) / 1000;
  // Read after the wait: the instances' request logs reach this process a little after their replies.
  const takenBy = deployment.instances.map(
    (instance) =>
      instance.requests.filter((request) => request.method === "POST" && request.path === "/api/contact").length,
  );
  const counts = requests.map((request) => smtp.received.filter((mail) => mail.text.includes(request.marker)).length);
  const once = counts.filter((count) => count === 1).length;
  const twice = counts.filter((count) => count > 1).length;
  const never = counts.filter((count) => count === 0).length;
  console.log(
    `  ${submissions - refused} accepted (${takenBy.join(" + ")} per instance), ${smtp.received.length} mails received: ${once} once, ${twice} more than once, ${never} never; outbox empty ${round(drainSeconds)} s after the last request, ${round(mailSeconds)} s after the first (${round(smtp.received.length / mailSeconds)} mails/s)`,
  );

  // 2. Agreement delay.
  const { token } = await loginAsAdmin(site);
  const created = await callJson(
    first,
    "POST",
    "/api/category/create",
    { name: `Agreement ${randomUUID().slice(0, 8)}` },
    token,
  );
  const category = (await created.json()) as { uuid: string };
  const apiDelays: number[] = [];
  const pageDelays: number[] = [];
  const showsOn = async (server: Site, path: string, name: string) =>
    (await (await server.fetch(path)).text()).includes(name);
  for (let write = 0; write < writes; write++) {
    const name = `Agreement ${randomUUID().slice(0, 8)}`;
    const renamed = await callJson(first, "PUT", "/api/category/update", { uuid: category.uuid, name }, token);
    if (renamed.status !== 200) throw new Error(`rename: ${renamed.status} ${await renamed.text()}`);
    const written = performance.now();
    while (!(await showsOn(second, `/api/category/${category.uuid}`, name))) {
      if (performance.now() - written > 10_000)
        throw new Error("the other instance's API did not show the write within 10 s");
    }
    apiDelays.push(performance.now() - written);
    while (!(await showsOn(second, "/home", name))) {
      if (performance.now() - written > 10_000)
        throw new Error("the other instance's page did not show the write within 10 s");
    }
    pageDelays.push(performance.now() - written);
    // Spread the writes over the interval, so that they do not all land just after a version read.
    await new Promise((resolve) => setTimeout(resolve, 37));
  }
  const describe = (delays: number[]) => {
    const sorted = [...delays].sort((a, b) => a - b);
    return { p50: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1], min: sorted[0] };
  };
  const api = describe(apiDelays);
  const page = describe(pageDelays);
  console.log(
    `  agreement after ${writes} writes on A: B's API min ${round(api.min)} / p50 ${round(api.p50)} / max ${round(api.max)} ms; B's /home min ${round(page.min)} / p50 ${round(page.p50)} / max ${round(page.max)} ms`,
  );

  return writeResults("two-instances", [
    {
      name: "contact requests not mailed exactly once (2 instances)",
      value: twice + never + refused,
      unit: "requests",
      budget: 0,
      kind: "at-most",
      details: `${submissions} sent through nginx, ${submissions - refused} accepted (${takenBy.join(" + ")} per instance), ${once} mailed exactly once, ${twice} more than once, ${never} never; outbox empty ${round(mailSeconds)} s after the first request (${round(smtp.received.length / mailSeconds)} mails/s${process.env.BENCH_SMTP_QUERY ? `, SMTP_URL + ${process.env.BENCH_SMTP_QUERY}` : ""})`,
    },
    {
      name: "agreement delay: other instance's API (max)",
      value: api.max,
      unit: "ms",
      budget: CATALOGUE_VERSION_INTERVAL_MS,
      kind: "at-most",
      details: `${writes} writes; min ${round(api.min)}, p50 ${round(api.p50)} ms (the API reads the database on every call)`,
    },
    {
      name: "agreement delay: other instance's public page (max)",
      value: page.max,
      unit: "ms",
      budget: CATALOGUE_VERSION_INTERVAL_MS,
      kind: "at-most",
      details: `${writes} writes; min ${round(page.min)}, p50 ${round(page.p50)} ms; bound: the catalogue-version read interval (${CATALOGUE_VERSION_INTERVAL_MS} ms) plus one render`,
    },
  ]);
});
