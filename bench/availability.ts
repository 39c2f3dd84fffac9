import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { BookingState } from "../common/bookings/booking-states.ts";
import { addDays, romanianDay } from "../common/days/romanian-day.ts";
import { availabilityOf } from "../server/bookings/availability.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import type { NewBooking } from "../server/db/schema.ts";
import { startEmbeddedPostgres } from "../tests/helpers/embedded-postgres.ts";
import { Cleanup, envNumber, runBench } from "./lib/bench-main.ts";
import { createLargeCatalogue } from "./lib/large-catalogue.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { createTempPostgresDatabase } from "./lib/temp-database.ts";

/**
 * The availability read's budget (decision 070): "availability of 200 machines × 2 000 bookings for
 * an 8-week window computed in under 20 ms on the server, one query or a bounded few". For each
 * database (SQLite, then PostgreSQL in an embedded cluster) a temporary database gets 200 machines
 * of 1 to 3 units and BENCH_BOOKINGS bookings of 1 to 10 days spread over the 8 weeks from today
 * and the 8 weeks before and after (a tenth cancelled, a third tentative); then
 * `availabilityOf(all 200, today, today + 55)` runs BENCH_WARMUP times unmeasured and BENCH_CALLS
 * times one after the other, in this process as a page loader calls it.
 */

const BUDGET_MS = 20;
const WINDOW_DAYS = 56;

await runBench(async (cleanup) => {
  const size = { products: 200, bookings: envNumber("BENCH_BOOKINGS", 2000) };
  const calls = { warmup: envNumber("BENCH_WARMUP", 30), measured: envNumber("BENCH_CALLS", 300) };
  const figures = [await measureOn(cleanup, "sqlite", undefined, size, calls)];
  const cluster = await startEmbeddedPostgres();
  cleanup.add(() => cluster.stop());
  figures.push(await measureOn(cleanup, "postgres", `${cluster.adminUrl}/postgres`, size, calls));
  return writeResults("availability", figures);
});

async function measureOn(
  cleanup: Cleanup,
  label: string,
  adminUrl: string | undefined,
  size: { products: number; bookings: number },
  calls: { warmup: number; measured: number },
): Promise<Figure> {
  const scope = new Cleanup();
  cleanup.add(() => scope.run());
  try {
    const dataDir = scope.tempDir("utilaje-bench-availability-");
    const databaseUrl = adminUrl ? await createTempPostgresDatabase(scope, adminUrl) : undefined;
    const database = openDatabase({ databaseUrl, dataDir });
    scope.add(() => database.close());
    const { db } = database;
    await migrateToLatest(db);
    await createLargeCatalogue(db, { products: size.products, categories: 20 });
    const products = (await db.selectFrom("products").select("id").execute()).map((row) => row.id);
    for (const [index, id] of products.entries())
      await db
        .updateTable("products")
        .set({ units: 1 + (index % 3) })
        .where("id", "=", id)
        .execute();
    const today = romanianDay();
    const now = new Date().toISOString();
    const states: BookingState[] = ["confirmat", "confirmat", "tentativ"];
    const bookings = Array.from({ length: size.bookings }, (_, index): NewBooking => {
      const first = addDays(today, -WINDOW_DAYS + ((index * 7919) % (3 * WINDOW_DAYS)));
      return {
        id: randomUUID(),
        product_id: products[(index * 31) % products.length] ?? "",
        units: 1,
        first_day: first,
        last_day: addDays(first, index % 10),
        state: index % 10 === 9 ? "anulat" : (states[index % 3] ?? "confirmat"),
        lead_id: null,
        created_at: now,
        updated_at: now,
      };
    });
    for (let start = 0; start < bookings.length; start += 500)
      await db
        .insertInto("bookings")
        .values(bookings.slice(start, start + 500))
        .execute();
    if (databaseUrl) await sql`vacuum analyze`.execute(db);
    else await sql`analyze`.execute(db);

    const last = addDays(today, WINDOW_DAYS - 1);
    for (let call = 0; call < calls.warmup; call += 1) await availabilityOf({ db }, products, today, last);
    const latencies: number[] = [];
    let days = 0;
    for (let call = 0; call < calls.measured; call += 1) {
      const started = performance.now();
      const result = await availabilityOf({ db }, products, today, last);
      latencies.push(performance.now() - started);
      days = [...result.values()].reduce((sum, list) => sum + list.length, 0);
    }
    if (days !== products.length * WINDOW_DAYS) throw new Error(`availabilityOf gave ${days} days`);
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.ceil(q * sorted.length) - 1] ?? Number.NaN;
    const stats = `p50 ${round(at(0.5))} ms, p95 ${round(at(0.95))} ms, max ${round(at(1))} ms`;
    const name = `availability of ${products.length} machines × ${size.bookings} bookings, 8 weeks, p95, ${label}`;
    console.log(`${name}: ${stats}`);
    return {
      name,
      value: at(0.95),
      unit: "ms",
      budget: BUDGET_MS,
      kind: "below",
      details: `${stats}; ${calls.measured} calls in sequence after ${calls.warmup} unmeasured; two queries per call`,
    };
  } finally {
    await scope.run();
  }
}
