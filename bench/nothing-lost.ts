import { randomBytes, randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { ProductView } from "../common/catalogue/catalogue-views.ts";
import { imageIdFromPath } from "../common/media/media-paths.ts";
import { productUpdateSchema } from "../common/schemas/product.ts";
import { allProducts } from "../server/catalogue/read.ts";
import { changeProduct } from "../server/catalogue/writes-products.ts";
import { loadConfig } from "../server/core/config.ts";
import { createLogger } from "../server/core/logger.ts";
import { openDatabase } from "../server/db/database.ts";
import type { Database } from "../server/db/schema.ts";
import { startServer } from "../server/process/start-server.ts";
import { recordRevision, revisionBaseline } from "../server/revisions/record-revision.ts";
import { encodeState, pictureIdsOf, readItemState } from "../server/revisions/revision-state.ts";
import { createActivityEntries } from "./lib/activity-entries.ts";
import { adminHeaders } from "./lib/admin-headers.ts";
import { envNumber, runBench, type Cleanup } from "./lib/bench-main.ts";
import { requireProductionBuild, startProductionServer, type ServerProcess } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { timedGet } from "./lib/timed-calls.ts";
import { uncachedPages } from "./lib/uncached-pages.ts";

/**
 * Issue 45's budgets of the revisions (decision 078), on SQLite, in one run:
 *  1. a product save with its revision and log entry against the same save without the revision
 *     (≤ 1.3×): the save (changeProduct, in this process) timed, and the revision's own part
 *     (revisionBaseline + recordRevision on the same machine, in a transaction rolled back, less an
 *     empty transaction's time) timed right after it; without it the save is the difference;
 *  2. the database's growth over N saves ÷ N (< 4 KB), the log entry's included;
 *  3. the product list, the category list and an uncached public render (`/contact?product=`) by
 *     a production server whose database holds 10 000 revisions and 100 000 log entries, against
 *     one on the same demo catalogue without them (≥ 0.95×, medians, the two servers in turns);
 *  4. the log's list at 100 000 entries (p99 < 100 ms) on that server.
 */

/** Thrown to roll back the transaction that times the revision alone. */
class RolledBack extends Error {}

/** The time `work` takes in a transaction that is then rolled back. */
async function rolledBack(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<void>): Promise<number> {
  const started = performance.now();
  await db
    .transaction()
    .execute(async (trx) => {
      await work(trx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return performance.now() - started;
}

const SAVE_RATIO_BUDGET = 1.3;
const BYTES_BUDGET = 4096;
const SPEED_BUDGET = 0.95;
const LOG_BUDGET_MS = 100;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const percentile = (values: readonly number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(q * values.length) - 1] ?? NaN;

await runBench(async (cleanup) => {
  requireProductionBuild();
  const saves = envNumber("BENCH_SAVES", 200);
  const figures = [...(await saveFigures(cleanup, saves))];
  figures.push(
    ...(await loadedFigures(
      cleanup,
      envNumber("BENCH_REVISIONS", 10_000),
      envNumber("BENCH_ACTIVITY_ENTRIES", 100_000),
    )),
  );
  return writeResults("nothing-lost", figures);
});

/** The form's save of a machine as it is, with another offer text. */
function saveInput(product: ProductView, offer: string) {
  const picture = (image: string, alt: string) => ({ uuid: imageIdFromPath(image) ?? "", alt });
  return productUpdateSchema.parse({
    uuid: product.uuid,
    model: product.model,
    category: product.category_uuid,
    header_offer: offer,
    details: product.details,
    technical_data: product.technical_data,
    header_offer_en: product.header_offer_en,
    details_en: product.details_en,
    technical_data_en: product.technical_data_en,
    units: product.units,
    header_photo: picture(product.header_photo.image, product.header_photo.alt),
    gallery: product.gallery.map((item) => picture(item.image, item.alt)),
  });
}

async function databaseBytes(db: Kysely<Database>): Promise<number> {
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  const size = await sql<{ page_size: number }>`pragma page_size`.execute(db);
  return (pages.rows[0]?.page_count ?? 0) * (size.rows[0]?.page_size ?? 0);
}

async function saveFigures(cleanup: Cleanup, saves: number): Promise<Figure[]> {
  const dataDir = cleanup.tempDir("utilaje-bench-nothing-lost-");
  const site = await startServer(
    loadConfig({
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "silent",
    }),
    { logger: createLogger("silent") },
  );
  cleanup.add(() => site.close());
  const { services } = site;
  const actor = { userId: null, address: "127.0.0.1" };
  const products = await allProducts(services.db);
  // Each machine saved once first: its state before the history is kept then, not in the measure.
  for (const product of products) await changeProduct(services, actor, saveInput(product, product.header_offer));
  const withRevision: number[] = [];
  const revisionPart: number[] = [];
  const before = await databaseBytes(services.db);
  for (let index = 0; index < saves; index += 1) {
    const product = products[index % products.length];
    if (!product) throw new Error("no demo machine");
    const input = saveInput(product, `${product.header_offer}<p>Modificarea ${index}: pret nou pe zi</p>`);
    const started = performance.now();
    await changeProduct(services, actor, input);
    withRevision.push(performance.now() - started);
    const item = { kind: "product", id: product.uuid } as const;
    const revision = await rolledBack(services.db, async (trx) => {
      const baseline = await revisionBaseline(trx, item);
      await recordRevision(trx, actor, item, { baseline });
    });
    // Inside the save the revision shares its transaction: its own begin and rollback are not its cost.
    const empty = await rolledBack(services.db, async () => undefined);
    revisionPart.push(revision - empty);
  }
  const grown = (await databaseBytes(services.db)) - before;
  const states = await services.db
    .selectFrom("revisions")
    .select((eb) => eb.fn.avg<number>(eb.fn("length", ["state"])).as("bytes"))
    .executeTakeFirstOrThrow();
  const save = median(withRevision);
  const part = median(revisionPart);
  const ratio = save / (save - part);
  const details = `median save ${round(save)} ms with its revision, the revision's part ${round(part)} ms; ${saves} saves of the ${products.length} demo machines (an offer text changed each time)`;
  console.log(`save with its revision ÷ without: ${round(ratio)} (${details})`);
  const perSave = grown / saves;
  console.log(
    `database growth per save: ${round(perSave)} bytes; a revision's compressed state ${round(Number(states.bytes))} bytes on average`,
  );
  return [
    {
      name: "product save with its revision and log entry ÷ without the revision",
      value: ratio,
      unit: "×",
      budget: SAVE_RATIO_BUDGET,
      kind: "below",
      details,
    },
    {
      name: "database growth per save (revision, log entry, the row's new text)",
      value: perSave,
      unit: "bytes",
      budget: BYTES_BUDGET,
      kind: "below",
      details: `SQLite's pages after ${saves} saves, checkpointed; a revision's compressed state ${round(Number(states.bytes))} bytes on average`,
    },
  ];
}

/** `count` revisions of the demo machines (their real states), spread over the last year. */
async function fillRevisions(db: Kysely<Database>, count: number): Promise<void> {
  const products = await allProducts(db);
  const states: { id: string; state: Uint8Array; images: string[] }[] = [];
  for (const product of products) {
    const state = await readItemState(db, { kind: "product", id: product.uuid });
    if (state) states.push({ id: product.uuid, state: encodeState(state), images: pictureIdsOf(state) });
  }
  const now = Date.now();
  for (let start = 0; start < count; start += 1000) {
    await db.transaction().execute(async (trx) => {
      for (let index = start; index < Math.min(start + 1000, count); index += 1) {
        const { id, state, images } = states[index % states.length] ??
          states[0] ?? { id: "", state: new Uint8Array(), images: [] };
        const revision = randomUUID();
        await trx
          .insertInto("revisions")
          .values({
            id: revision,
            kind: "product",
            item_id: id,
            at: new Date(now - ((count - index) / count) * 365 * 86_400_000).toISOString(),
            user_id: null,
            user_name: "admin",
            action: "update",
            summary: "Modificat: oferta",
            import_id: null,
            state,
          })
          .execute();
        await trx
          .insertInto("revision_images")
          .values(images.map((image_id) => ({ revision_id: revision, image_id })))
          .execute();
      }
    });
  }
}

async function loadedFigures(cleanup: Cleanup, revisions: number, entries: number): Promise<Figure[]> {
  const password = randomBytes(12).toString("hex");
  const start = (dataDir: string) =>
    startProductionServer(cleanup, { dataDir, seedDemo: true, adminPassword: password });
  const emptyDir = cleanup.tempDir("utilaje-bench-empty-");
  const loadedDir = cleanup.tempDir("utilaje-bench-loaded-");
  // The loaded server's database: the demo catalogue (its first start), then the history added.
  await (await start(loadedDir)).stop();
  const database = openDatabase({ dataDir: loadedDir });
  try {
    await fillRevisions(database.db, revisions);
    await createActivityEntries(database.db, entries);
  } finally {
    await database.close();
  }
  const servers: Record<"empty" | "loaded", ServerProcess> = {
    empty: await start(emptyDir),
    loaded: await start(loadedDir),
  };
  const headers = {
    empty: await adminHeaders(servers.empty.url, password),
    loaded: await adminHeaders(servers.loaded.url, password),
  };
  const pages = { empty: await uncachedPages(servers.empty.url), loaded: await uncachedPages(servers.loaded.url) };
  const rounds = envNumber("BENCH_ROUNDS", 6);
  const calls = envNumber("BENCH_CALLS", 40);
  const kinds = ["product list", "category list", "uncached page render"] as const;
  const timings = Object.fromEntries(
    kinds.flatMap((kind) => [
      [`${kind} empty`, [] as number[]],
      [`${kind} loaded`, [] as number[]],
    ]),
  );
  for (let turn = 0; turn < rounds; turn += 1) {
    for (const which of turn % 2 === 0 ? (["empty", "loaded"] as const) : (["loaded", "empty"] as const)) {
      const server = servers[which];
      for (let index = 0; index < calls; index += 1) {
        timings[`product list ${which}`]?.push(await timedGet(server.url, "/api/product", headers[which]));
        timings[`category list ${which}`]?.push(await timedGet(server.url, "/api/category", headers[which]));
        const page = pages[which][index % pages[which].length] ?? "/contact";
        timings[`uncached page render ${which}`]?.push(await timedGet(server.url, page, {}));
      }
    }
  }
  const figures: Figure[] = kinds.map((kind) => {
    const empty = median(timings[`${kind} empty`] ?? []);
    const loaded = median(timings[`${kind} loaded`] ?? []);
    const details = `median ${round(empty)} ms on the demo catalogue alone, ${round(loaded)} ms with ${revisions} revisions and ${entries} log entries; ${rounds} rounds of ${calls} calls, the two servers in turns`;
    console.log(`${kind}: empty ÷ loaded ${round(empty / loaded)} (${details})`);
    return {
      name: `${kind}, speed with the history ÷ without`,
      value: empty / loaded,
      unit: "×",
      budget: SPEED_BUDGET,
      kind: "at-least",
      details,
    };
  });
  const log: number[] = [];
  for (let index = 0; index < 200; index += 1)
    log.push(await timedGet(servers.loaded.url, "/api/activity", headers.loaded));
  const p99 = percentile(log.slice(20), 0.99);
  console.log(`the log's list at ${entries} entries: p50 ${round(median(log))} ms, p99 ${round(p99)} ms`);
  figures.push({
    name: `activity log's list p99 at ${entries} entries (beside ${revisions} revisions)`,
    value: p99,
    unit: "ms",
    budget: LOG_BUDGET_MS,
    kind: "below",
    details: `p50 ${round(median(log))} ms; 180 calls after 20 of warm-up`,
  });
  await servers.empty.stop();
  await servers.loaded.stop();
  return figures;
}
