import { statfsSync, statSync } from "node:fs";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { backupState, INSTANCE_SEEN_MINUTES, type StatusView } from "../../common/status/status-schemas.ts";
import { instancesSeenSince } from "../db/repositories/instances.ts";
import { lastGoodBackupRun, latestBackupRuns } from "../db/repositories/backup-runs.ts";
import { outboxState } from "../db/repositories/outbox-state.ts";
import { SQLITE_FILE, type Dialect } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import type { WorkPoolReading } from "../work/work-pool.ts";
import type { HourlyCounts } from "../core/hourly-counts.ts";
import { instanceId } from "../core/instance.ts";

export interface StatusSources {
  db: Kysely<Database>;
  dialect: Dialect;
  dataDir: string;
  version: string;
  backupsOn: boolean;
  pools: Record<string, WorkPoolReading>;
  counts: { errors: HourlyCounts; rateLimitHits: HourlyCounts };
  now?: Date;
}

const DAY_MS = 24 * 3_600_000;

/** What the Stare page shows, read now. */
export async function readStatus(sources: StatusSources): Promise<StatusView> {
  const now = sources.now ?? new Date();
  const [[last], good, outbox, databaseBytes, seen] = await Promise.all([
    latestBackupRuns(sources.db, 1),
    lastGoodBackupRun(sources.db),
    outboxState(sources.db),
    databaseSize(sources),
    instancesSeenSince(sources.db, new Date(now.getTime() - INSTANCE_SEEN_MINUTES * 60_000).toISOString()),
  ]);
  const disk = statfsSync(sources.dataDir);
  return {
    version: sources.version,
    instance: instanceId(),
    uptimeSeconds: Math.round(process.uptime()),
    instances: seen.map((row) => ({
      id: row.id,
      version: row.version,
      startedAt: row.started_at,
      lastSeenAt: row.last_seen_at,
      uptimeSeconds: Math.max(0, Math.round((Date.parse(row.last_seen_at) - Date.parse(row.started_at)) / 1000)),
      current: row.id === instanceId(),
    })),
    backup: {
      state: backupState({
        enabled: sources.backupsOn,
        lastStatus: last?.status,
        lastGoodAt: good?.finished_at ?? undefined,
        now,
      }),
      lastGoodAt: good?.finished_at ?? null,
      last: last
        ? {
            day: last.day,
            status: last.status,
            startedAt: last.started_at,
            finishedAt: last.finished_at,
            file: last.file,
            bytes: last.bytes,
            error: last.error,
            offsite: last.offsite,
            offsiteError: last.offsite_error,
          }
        : null,
    },
    disk: { freeBytes: disk.bavail * disk.bsize, totalBytes: disk.blocks * disk.bsize },
    database: { dialect: sources.dialect, bytes: databaseBytes },
    outbox: { waiting: outbox.waiting, failing: outbox.failing, oldest: outbox.oldest ?? null },
    pools: Object.entries(sources.pools).map(([name, pool]) => ({
      name,
      ...pool.counts,
      crashes: pool.crashes.total,
      crashesLastDay: pool.crashes.since(now.getTime() - DAY_MS),
    })),
    errors: lastDay(sources.counts.errors, now).map(({ kind, count }) => ({ kind, count })),
    rateLimitHits: lastDay(sources.counts.rateLimitHits, now).map(({ kind, count }) => ({ limiter: kind, count })),
  };
}

/** The kinds seen in the last 24 hours, the most frequent first. */
function lastDay(counts: HourlyCounts, now: Date): { kind: string; count: number }[] {
  return counts
    .read(now.getTime())
    .filter((entry) => entry.lastDay > 0)
    .map((entry) => ({ kind: entry.kind, count: entry.lastDay }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}

async function databaseSize(sources: StatusSources): Promise<number> {
  if (sources.dialect === "postgres") {
    const { rows } = await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(
      sources.db,
    );
    return Number(rows[0]?.bytes ?? 0);
  }
  const file = path.join(sources.dataDir, SQLITE_FILE);
  const size = (name: string) => statSync(name, { throwIfNoEntry: false })?.size ?? 0;
  return size(file) + size(`${file}-wal`);
}
