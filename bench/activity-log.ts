import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { addDays, romanianDay } from "../common/days/romanian-day.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { startEmbeddedPostgres } from "../tests/helpers/embedded-postgres.ts";
import { ACTIVITY_USERS, createActivityEntries } from "./lib/activity-entries.ts";
import { adminHeaders } from "./lib/admin-headers.ts";
import { Cleanup, envNumber, runBench } from "./lib/bench-main.ts";
import { requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { writeResults, type Figure } from "./lib/results.ts";
import { createTempPostgresDatabase } from "./lib/temp-database.ts";
import { latencyAt, latencySummary, logPerQuery, timedCalls, type Timed } from "./lib/timed-calls.ts";

/**
 * The activity log's budget (decision 073): "the log's list answers in under 100 ms at 100 000
 * entries". A temporary database (SQLite, then PostgreSQL in an embedded cluster) gets 100 000
 * entries spread over the last year (ACTIVITY_RETENTION_DAYS' default), of three users, every action
 * and kind; the production server then answers GET /api/activity one call after the other as the
 * screen makes them: unfiltered, by action, by kind, by user, by a week, two filters at once, and
 * the deepest page (offset 9 950). Warm-up calls are not counted.
 */

const BUDGET_MS = 100;

await runBench(async (cleanup) => {
  requireProductionBuild();
  const entries = envNumber("BENCH_ACTIVITY_ENTRIES", 100_000);
  const calls = { warmup: envNumber("BENCH_WARMUP_CALLS", 30), measured: envNumber("BENCH_CALLS", 280) };
  const figures = [await measureOn(cleanup, "sqlite", undefined, entries, calls)];
  const cluster = await startEmbeddedPostgres();
  cleanup.add(() => cluster.stop());
  figures.push(await measureOn(cleanup, "postgres", `${cluster.adminUrl}/postgres`, entries, calls));
  return writeResults("activity-log", figures);
});

async function measureOn(
  cleanup: Cleanup,
  label: string,
  adminUrl: string | undefined,
  entries: number,
  calls: { warmup: number; measured: number },
): Promise<Figure> {
  const scope = new Cleanup();
  cleanup.add(() => scope.run());
  try {
    const dataDir = scope.tempDir("utilaje-bench-activity-");
    const databaseUrl = adminUrl ? await createTempPostgresDatabase(scope, adminUrl) : undefined;
    const database = openDatabase({ databaseUrl, dataDir });
    try {
      await migrateToLatest(database.db);
      await createActivityEntries(database.db, entries);
      // What autovacuum does within a minute of a bulk load (SQLite's statistics are taken at open).
      if (databaseUrl) await sql`vacuum analyze`.execute(database.db);
    } finally {
      await database.close();
    }
    const adminPassword = randomBytes(12).toString("hex");
    const server = await startProductionServer(scope, { dataDir, databaseUrl, seedDemo: false, adminPassword });
    const headers = await adminHeaders(server.url, adminPassword);
    const today = romanianDay();
    const queries = [
      "",
      "?action=delete",
      "?kind=configuration",
      `?user=${ACTIVITY_USERS[2]}`,
      `?from=${addDays(today, -100)}&to=${addDays(today, -94)}`,
      `?action=login_failed&user=${ACTIVITY_USERS[1]}`,
      "?offset=9950",
    ];
    const timed = await timedCalls(
      server,
      headers,
      (index) => `/api/activity${queries[index % queries.length]}`,
      calls,
    );
    logPerQuery(`activity-log (${label}): `, timed, queries);
    await server.stop();
    return figure(`activity log page p99, ${entries} entries, ${label}`, timed, queries);
  } finally {
    await scope.run();
  }
}

function figure(name: string, timed: Timed, queries: string[]): Figure {
  const { latencies } = timed;
  const stats = latencySummary(timed, [0.5, 0.99]);
  console.log(`${name}: ${stats}`);
  return {
    name,
    value: latencyAt(latencies, 0.99),
    unit: "ms",
    budget: BUDGET_MS,
    kind: "below",
    details: `${stats}; ${latencies.length} calls in sequence rotating over ${queries.map((query) => query || "(no filter)").join(" ")}`,
  };
}
