import type { Kysely } from "kysely";
import type { BackupRunRow, Database } from "../schema.ts";

/** A night's run as the code reads it: its sizes as numbers (PostgreSQL's driver reads a bigint as a string). */
export type BackupRun = Omit<BackupRunRow, "bytes" | "rows"> & { bytes: number | null; rows: number | null };

function runOf(row: BackupRunRow): BackupRun {
  return {
    ...row,
    bytes: row.bytes === null ? null : Number(row.bytes),
    rows: row.rows === null ? null : Number(row.rows),
  };
}

/**
 * Takes the night `day` for `instance`: true when this insert made its row, false when another
 * instance (or this one, before a clock jump) already has it. The database's unique key is the lock.
 */
export async function claimBackupRun(
  db: Kysely<Database>,
  run: { day: string; instance: string; startedAt: string; offsite: string },
): Promise<boolean> {
  const result = await db
    .insertInto("backup_runs")
    .values({
      day: run.day,
      instance: run.instance,
      started_at: run.startedAt,
      status: "running",
      offsite: run.offsite,
    })
    .onConflict((oc) => oc.column("day").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export type BackupRunEnd =
  | { status: "ok"; finishedAt: string; file: string; bytes: number; rows: number }
  | { status: "failed"; finishedAt: string; error: string };

export async function finishBackupRun(db: Kysely<Database>, day: string, end: BackupRunEnd): Promise<void> {
  await db
    .updateTable("backup_runs")
    .set(
      end.status === "ok"
        ? { status: "ok", finished_at: end.finishedAt, file: end.file, bytes: end.bytes, rows: end.rows }
        : { status: "failed", finished_at: end.finishedAt, error: end.error },
    )
    .where("day", "=", day)
    .execute();
}

export async function recordOffsite(
  db: Kysely<Database>,
  day: string,
  offsite: { status: "uploaded" } | { status: "failed"; error: string },
): Promise<void> {
  await db
    .updateTable("backup_runs")
    .set({ offsite: offsite.status, offsite_error: offsite.status === "failed" ? offsite.error : null })
    .where("day", "=", day)
    .execute();
}

/** The latest nights first. */
export async function latestBackupRuns(db: Kysely<Database>, limit: number): Promise<BackupRun[]> {
  return (await db.selectFrom("backup_runs").selectAll().orderBy("day", "desc").limit(limit).execute()).map(runOf);
}

/**
 * The newest night whose backup (or, with "offsite", whose copy off the machine) has an outcome: a night
 * under way says nothing yet, so it neither starts nor ends an alert.
 */
export async function latestSettledBackupRun(
  db: Kysely<Database>,
  part: "backup" | "offsite",
): Promise<BackupRun | undefined> {
  const query = db.selectFrom("backup_runs").selectAll().orderBy("day", "desc").limit(1);
  const row = await (
    part === "backup" ? query.where("status", "!=", "running") : query.where("offsite", "!=", "pending")
  ).executeTakeFirst();
  return row && runOf(row);
}

/** The newest backup that was written and passed its check. */
export async function lastGoodBackupRun(db: Kysely<Database>): Promise<BackupRun | undefined> {
  const row = await db
    .selectFrom("backup_runs")
    .selectAll()
    .where("status", "=", "ok")
    .orderBy("day", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && runOf(row);
}

/**
 * Forgets every night's run: a restored database is a new site's (its nights were another machine's,
 * and a night it holds as taken would keep tonight's backup from running).
 */
export async function clearBackupRuns(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("backup_runs").execute();
}
