import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { Kysely } from "kysely";
import { migrateTo, migrateToLatest, migrationState } from "../migrate.ts";
import type { Database } from "../schema.ts";

/**
 * Every table a backup holds, with the columns that order its rows, listed so that a row's parents
 * come before it (the restore inserts in this order). Typed over the whole schema: a new table
 * that is missing here does not compile.
 */
const TABLE_ORDER: { readonly [T in keyof Database]: readonly (keyof Database[T] & string)[] } = {
  images: ["id"],
  categories: ["id"],
  products: ["id"],
  product_gallery: ["product_id", "position", "image_id"],
  specifications: ["id"],
  specification_options: ["id"],
  product_specification_values: ["product_id", "specification_id"],
  banners: ["id"],
  configuration: ["id"],
  app_state: ["key"],
  users: ["id"],
  login_clients: ["user_id", "client"],
  refresh_tokens: ["id"],
  second_factors: ["user_id"],
  recovery_codes: ["id"],
  login_challenges: ["id"],
  password_resets: ["id"],
  user_invitations: ["id"],
  contact_requests: ["id"],
  contact_request_items: ["request_id", "position"],
  mail_outbox: ["id"],
  mail_attachments: ["mail_id", "position"],
  captcha_spent: ["signature"],
  contact_fingerprints: ["fingerprint"],
  search_misses: ["day", "text"],
  activity_log: ["id"],
  trash: ["id"],
  trash_images: ["trash_id", "image_id"],
  revisions: ["id"],
  revision_images: ["revision_id", "image_id"],
  backup_runs: ["day"],
  alerts: ["kind"],
  instances: ["id"],
  offer_counters: ["year"],
  offers: ["id"],
  offer_lines: ["offer_id", "position"],
  // After the offers: a booking may hold an offer version's machines.
  bookings: ["id"],
};

export const BACKUP_TABLES = Object.keys(TABLE_ORDER) as (keyof Database)[];

type TableName = keyof Database;
type Row = Record<string, unknown>;

const FORMAT = "utilaje-backup";
const FORMAT_VERSION = 1;
/** Rows read per query while dumping, so a large image table never sits in memory whole. */
const PAGE_ROWS = 50;
/** A restore inserts a batch when it reaches either bound (bytes counted as the base64 text read). */
const BATCH_ROWS = 200;
const BATCH_TEXT = 8 * 1024 * 1024;

interface Header {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** The schema the rows fit: the migrations the source had run, in order. */
  migrations: string[];
}

export type TableCounts = Record<TableName, number>;

/** Every backed-up table's row count, as `db` (a transaction: its snapshot) sees it. */
export async function countRows(db: Kysely<Database>): Promise<TableCounts> {
  const counts = {} as TableCounts;
  for (const table of BACKUP_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

/**
 * Writes a consistent copy of every table as gzip-compressed JSON lines (a header, one line per row,
 * a trailer with the counts), read in one snapshot: a repeatable-read transaction on PostgreSQL, a
 * read transaction on SQLite (WAL). Portable between the two databases. The file is created 0600.
 * Returns the rows written and the live database's counts in the same snapshot (a backup's check
 * compares the file with these).
 */
export async function writeLogicalBackup(
  db: Kysely<Database>,
  file: string,
): Promise<{ counts: TableCounts; live: TableCounts }> {
  // Created exclusively, before anything is read: an existing file (an older backup) is never replaced.
  const out = createWriteStream(file, { mode: 0o600, flags: "wx" });
  await once(out, "open");
  const gzip = createGzip();
  const written = pipeline(gzip, out);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, "drain");
  };
  const counts = {} as TableCounts;
  let live = {} as TableCounts;
  try {
    await db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        live = await countRows(trx);
        const header: Header = {
          format: FORMAT,
          version: FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          migrations: (await migrationState(trx)).applied,
        };
        await write(header);
        for (const table of BACKUP_TABLES) {
          counts[table] = 0;
          for (let offset = 0; ; offset += PAGE_ROWS) {
            // Ordered by every column: stable paging inside the snapshot whatever the table's key.
            const rows: Row[] = await trx
              .selectFrom(table)
              .selectAll()
              .orderBy(TABLE_ORDER[table] as never)
              .limit(PAGE_ROWS)
              .offset(offset)
              .execute();
            for (const row of rows) await write({ t: table, r: encodeRow(row) });
            counts[table] += rows.length;
            if (rows.length < PAGE_ROWS) break;
          }
        }
      });
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    throw error;
  }
  gzip.end(`${JSON.stringify({ end: true, counts })}\n`);
  await written;
  return { counts, live };
}

/**
 * Restores a logical backup into an EMPTY database: migrates it to the backup's schema, inserts every
 * row in one transaction, then migrates to the latest schema (so an older backup restores into a
 * newer version). Refuses a truncated or foreign file and a database that holds any row.
 */
export async function restoreLogicalBackup(db: Kysely<Database>, file: string): Promise<TableCounts> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[
    Symbol.asyncIterator
  ]();
  const header = readHeader(await lines.next());
  if (!header) throw new RestoreError(`${file} is not a utilaje backup (format ${FORMAT} ${FORMAT_VERSION}).`);
  const target = header.migrations.at(-1);
  if (!target) throw new RestoreError("The backup names no schema migration.");
  // Checked before any schema change: the target must be empty and never be migrated down.
  await ensureEmpty(db);
  const { applied } = await migrationState(db);
  if (applied.some((name, index) => header.migrations[index] !== name)) {
    throw new RestoreError(
      `The target database's schema (${applied.at(-1)}) is not an earlier state of the backup's (${target}): restore into a new database.`,
    );
  }
  await migrateTo(db, target);

  const counts = Object.fromEntries(BACKUP_TABLES.map((table) => [table, 0])) as TableCounts;
  let trailer: { counts: TableCounts } | undefined;
  await db.transaction().execute(async (trx) => {
    let batch: { table: TableName; rows: Row[]; text: number } | undefined;
    const flush = async () => {
      if (!batch || batch.rows.length === 0) return;
      await trx
        .insertInto(batch.table)
        .values(batch.rows as never)
        .execute();
      counts[batch.table] += batch.rows.length;
      batch = undefined;
    };
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      if (!next.value) continue;
      const line = JSON.parse(next.value, decodeBytes) as {
        t?: TableName;
        r?: Row;
        end?: boolean;
        counts?: TableCounts;
      };
      if (line.end) {
        trailer = { counts: line.counts ?? ({} as TableCounts) };
        break;
      }
      if (!line.t || !line.r || !Object.hasOwn(TABLE_ORDER, line.t))
        throw new RestoreError(`Unknown line in the backup: ${next.value.slice(0, 80)}`);
      if (batch && batch.table !== line.t) await flush();
      batch ??= { table: line.t, rows: [], text: 0 };
      batch.rows.push(line.r);
      batch.text += next.value.length;
      if (batch.rows.length >= BATCH_ROWS || batch.text >= BATCH_TEXT) await flush();
    }
    await flush();
    if (!trailer) throw new RestoreError("The backup is truncated (no end line): nothing was restored.");
    for (const table of BACKUP_TABLES) {
      if ((trailer.counts[table] ?? 0) !== counts[table]) {
        throw new RestoreError(
          `The backup's ${table} count (${trailer.counts[table]}) differs from the rows read (${counts[table]}): nothing was restored.`,
        );
      }
    }
  });
  await migrateToLatest(db);
  return counts;
}

/**
 * Reads a logical backup whole without restoring it: its header, every line's table, and its trailer,
 * which must agree with the lines read (gzip's own checksum is checked at the stream's end). Returns
 * the rows per table; throws a RestoreError for a foreign, truncated or damaged file.
 */
export async function readLogicalBackupCounts(file: string): Promise<TableCounts> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[
    Symbol.asyncIterator
  ]();
  const header = readHeader(await lines.next());
  if (!header) throw new RestoreError(`${file} is not a utilaje backup (format ${FORMAT} ${FORMAT_VERSION}).`);
  const counts = Object.fromEntries(BACKUP_TABLES.map((table) => [table, 0])) as TableCounts;
  let trailer: Partial<TableCounts> | undefined;
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    if (!next.value) continue;
    if (trailer) throw new RestoreError("The backup has lines after its end line.");
    const line = JSON.parse(next.value) as { t?: TableName; r?: Row; end?: boolean; counts?: TableCounts };
    if (line.end) trailer = line.counts ?? {};
    else if (line.t && line.r && Object.hasOwn(TABLE_ORDER, line.t)) counts[line.t] += 1;
    else throw new RestoreError(`Unknown line in the backup: ${next.value.slice(0, 80)}`);
  }
  if (!trailer) throw new RestoreError("The backup is truncated (no end line).");
  for (const table of BACKUP_TABLES) {
    if ((trailer[table] ?? 0) !== counts[table])
      throw new RestoreError(
        `The backup's ${table} count (${trailer[table]}) differs from its rows (${counts[table]}).`,
      );
  }
  return counts;
}

export class RestoreError extends Error {}

function readHeader(first: IteratorResult<string>): Header | undefined {
  if (first.done) return undefined;
  let header: Partial<Header>;
  try {
    header = JSON.parse(first.value) as Partial<Header>;
  } catch {
    return undefined;
  }
  const valid =
    header.format === FORMAT &&
    header.version === FORMAT_VERSION &&
    Array.isArray(header.migrations) &&
    header.migrations.every((name) => typeof name === "string");
  return valid ? (header as Header) : undefined;
}

/** Refuses a target with a row in any backed-up table that exists there (a new database has none). */
async function ensureEmpty(db: Kysely<Database>): Promise<void> {
  const existing = new Set((await db.introspection.getTables()).map((table) => table.name));
  for (const table of BACKUP_TABLES.filter((name) => existing.has(name))) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.lit(1).as("one"))
      .limit(1)
      .executeTakeFirst();
    if (row)
      throw new RestoreError(`The target database is not empty (table ${table} has rows): restore into an empty one.`);
  }
}

/** Bytes (images) travel as base64 inside JSON. */
function encodeRow(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      value instanceof Uint8Array ? { $base64: Buffer.from(value).toString("base64") } : value,
    ]),
  );
}

function decodeBytes(_key: string, value: unknown): unknown {
  if (value && typeof value === "object" && typeof (value as { $base64?: unknown }).$base64 === "string") {
    return Buffer.from((value as { $base64: string }).$base64, "base64");
  }
  return value;
}
