import { statfsSync } from "node:fs";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import { backupState } from "../../common/status/status-schemas.ts";
import type { Logger } from "../core/logger.ts";
import { periodicSweep } from "../core/periodic-sweep.ts";
import { administratorAddresses, moveAlert, type AlertMail } from "../db/repositories/alerts.ts";
import { lastGoodBackupRun, latestSettledBackupRun } from "../db/repositories/backup-runs.ts";
import { enqueueMail } from "../db/repositories/mail-outbox.ts";
import { outboxState } from "../db/repositories/outbox-state.ts";
import type { Database } from "../db/schema.ts";
import type { WorkPoolReading } from "../work/work-pool.ts";
import type { HourlyCounts } from "../core/hourly-counts.ts";
import { instanceId } from "../core/instance.ts";

const CHECK_EVERY_MS = 5 * 60_000;
const FIRST_AFTER_MS = 60_000;
/** Mails failing this long are an alert: the outbox's own retries had their chance. */
const MAIL_FAILING_MS = 60 * 60_000;
/** This many crashes of one pool's children within an hour is a worker crashing repeatedly. */
export const POOL_CRASHES_ALERT = 3;
const POOL_CRASHES_WINDOW_MS = 60 * 60_000;

export interface AlertOptions {
  db: Kysely<Database>;
  dataDir: string;
  backupsOn: boolean;
  /** Below this much free space in DATA_DIR, in MB, the disk is an alert. */
  diskFreeMb: number;
  /** While an alert lasts, it is mailed again after this long. */
  repeatMs: number;
  /** The site's address, in the mails (read when one is written: the port may be known only once listening). */
  siteUrl: () => string;
  /** This instance's work pools by name: their children's crashes. */
  pools: Record<string, WorkPoolReading>;
  /** This instance's error log lines by kind, and the count within one clock hour that is an alert (0: never). */
  errors: HourlyCounts;
  errorsPerHour: number;
  logger: Logger;
  /** Told when mails were queued (the outbox sends them now rather than at its next round). */
  queued?: () => void;
}

/** The kinds of alert, their names in the mails, and how each is read: a detail while it fires. */
const KINDS: {
  kind: string;
  label: string;
  read: (options: AlertOptions, now: Date) => Promise<string | undefined>;
  /** Read from this machine alone (its disk): kept in a row of the machine's, so two hosts never end each other's. */
  perHost?: boolean;
}[] = [
  { kind: "backup", label: "Backup", read: backupAlert },
  { kind: "backup-offsite", label: "Copia externa a backupului", read: offsiteAlert },
  { kind: "disk", label: "Spatiu pe disc", read: diskAlert, perHost: true },
  { kind: "mail", label: "E-mailuri", read: mailAlert },
  { kind: "workers", label: "Lucrari in fundal", read: workersAlert },
  { kind: "errors", label: "Erori", read: errorsAlert },
];

async function backupAlert({ db, backupsOn }: AlertOptions, now: Date): Promise<string | undefined> {
  const [last, good] = await Promise.all([latestSettledBackupRun(db, "backup"), lastGoodBackupRun(db)]);
  const state = backupState({
    enabled: backupsOn,
    lastStatus: last?.status,
    lastGoodAt: good?.finished_at ?? undefined,
    now,
  });
  // `missing` is a new site's first day: its first night makes one, and `stale` follows if it does not.
  if (state === "failed") return `Backupul din noaptea ${last?.day} a esuat: ${last?.error ?? "fara detalii"}.`;
  if (state === "stale") return `Niciun backup verificat de peste 26 de ore (ultimul: ${good?.finished_at}).`;
  return undefined;
}

async function offsiteAlert({ db }: AlertOptions): Promise<string | undefined> {
  const last = await latestSettledBackupRun(db, "offsite");
  if (last?.offsite !== "failed") return undefined;
  return `Copia externa a backupului din noaptea ${last.day} nu a ajuns in bucket (${last.offsite_error ?? "fara detalii"}); backupul este pastrat local: ${last.file}.`;
}

async function diskAlert({ dataDir, diskFreeMb }: AlertOptions): Promise<string | undefined> {
  const disk = statfsSync(dataDir);
  const freeMb = Math.floor((disk.bavail * disk.bsize) / 1024 / 1024);
  return freeMb < diskFreeMb
    ? `Mai sunt ${freeMb} MB liberi in DATA_DIR pe ${hostname()} (pragul: ${diskFreeMb} MB).`
    : undefined;
}

async function mailAlert({ db }: AlertOptions, now: Date): Promise<string | undefined> {
  const outbox = await outboxState(db);
  if (!outbox.oldestFailing || now.getTime() - Date.parse(outbox.oldestFailing) < MAIL_FAILING_MS) return undefined;
  return `${outbox.failing} e-mailuri nu pot fi trimise; cel mai vechi asteapta din ${outbox.oldestFailing}.`;
}

async function workersAlert({ pools }: AlertOptions, now: Date): Promise<string | undefined> {
  const since = now.getTime() - POOL_CRASHES_WINDOW_MS;
  const crashing = Object.entries(pools)
    .map(([name, pool]) => ({ name, crashes: pool.crashes.since(since) }))
    .filter(({ crashes }) => crashes >= POOL_CRASHES_ALERT);
  if (crashing.length === 0) return undefined;
  const list = crashing.map(({ name, crashes }) => `${name}: ${crashes}`).join(", ");
  return `Procese de lucru oprite fortat in ultima ora (${list}; pragul: ${POOL_CRASHES_ALERT}) pe ${instanceId()}.`;
}

/** Errors over the threshold within the clock hour now open or the one just closed. */
async function errorsAlert({ errors, errorsPerHour }: AlertOptions, now: Date): Promise<string | undefined> {
  if (errorsPerHour === 0) return undefined;
  const kinds = errors.read(now.getTime());
  const hour = (pick: (entry: (typeof kinds)[number]) => number) => kinds.reduce((sum, entry) => sum + pick(entry), 0);
  const worst = Math.max(
    hour((entry) => entry.thisHour),
    hour((entry) => entry.lastHour),
  );
  if (worst < errorsPerHour) return undefined;
  const frequent = kinds
    .filter((entry) => entry.thisHour + entry.lastHour > 0)
    .sort((a, b) => b.thisHour + b.lastHour - (a.thisHour + a.lastHour))
    .slice(0, 5)
    .map((entry) => `${entry.kind} (${entry.thisHour + entry.lastHour})`)
    .join(", ");
  return `${worst} erori intr-o ora pe ${instanceId()} (pragul: ${errorsPerHour}); cele mai dese: ${frequent}.`;
}

const WORDS: Record<AlertMail, string> = { started: "ALERTA", reminder: "INCA ACTIVA", ended: "REZOLVAT" };

/**
 * One round of the alerts: each kind read, its row moved (server/db/repositories/alerts.ts), and the
 * changes that call for a mail grouped into one message to every administrator, queued in the same
 * transaction. Returns the changes mailed.
 */
export async function checkAlerts(options: AlertOptions, now: Date): Promise<{ kind: string; mail: AlertMail }[]> {
  const readings = await Promise.all(
    KINDS.map(async (entry) => ({ ...entry, detail: await entry.read(options, now) })),
  );
  const changes = await options.db.transaction().execute(async (trx) => {
    const moved: { kind: string; label: string; mail: AlertMail; detail?: string }[] = [];
    for (const reading of readings) {
      const firing = reading.detail === undefined ? undefined : { detail: reading.detail };
      const row = reading.perHost ? `${reading.kind}@${hostname()}` : reading.kind;
      const mail = await moveAlert(trx, row, firing, now, options.repeatMs);
      if (mail) moved.push({ kind: reading.kind, label: reading.label, mail, detail: reading.detail });
    }
    if (moved.length === 0) return moved;
    const open = moved.filter((change) => change.mail !== "ended");
    const subject =
      open.length > 0
        ? `[utilaje] Alerta: ${open.map((change) => change.label).join(", ")}`
        : `[utilaje] Rezolvat: ${moved.map((change) => change.label).join(", ")}`;
    const lines = moved.map(
      (change) => `${WORDS[change.mail]} - ${change.label}: ${change.detail ?? "a revenit la normal."}`,
    );
    const text = [
      ...lines,
      "",
      `Starea site-ului: ${new URL("/admin/main/stare", options.siteUrl()).href}`,
      `O alerta care continua este trimisa din nou dupa ${Math.round(options.repeatMs / 3_600_000)} ore.`,
    ].join("\n");
    for (const to of await administratorAddresses(trx)) await enqueueMail(trx, { to, subject, text }, now);
    return moved;
  });
  if (changes.length > 0) {
    options.logger.warn({ alerts: changes.map(({ kind, mail }) => ({ kind, mail })) }, "alerts mailed");
    options.queued?.();
  }
  return changes.map(({ kind, mail }) => ({ kind, mail }));
}

/** Checks a minute after start, then every five minutes; `stop()` waits (a few seconds at most) for a round under way. */
export function startAlerts(options: AlertOptions): { stop(): Promise<void> } {
  return periodicSweep("alerts check", () => checkAlerts(options, new Date()), options.logger, {
    firstAfterMs: FIRST_AFTER_MS,
    everyMs: CHECK_EVERY_MS,
  });
}
