import path from "node:path";

/**
 * The names of the backups `npm run backup` and the nightly backup write: `utilaje-` and the UTC
 * instant of the copy (`2026-11-29T01-30-00-000Z`), then `.db` (a SQLite file) or `.backup.gz` (a
 * logical backup). The instant in the name is what the rotation sorts and groups by.
 */
const NAME = /^utilaje-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.(db|backup\.gz)$/;

export type BackupKind = "sqlite" | "logical";

export function backupFileName(at: Date, kind: BackupKind): string {
  const stamp = at.toISOString().replace(/[:.]/g, "-");
  return `utilaje-${stamp}${kind === "logical" ? ".backup.gz" : ".db"}`;
}

/** The instant a backup's name holds; undefined for any other file (a partial one, an operator's). */
export function backupInstant(file: string): Date | undefined {
  const match = NAME.exec(path.basename(file));
  if (!match) return undefined;
  const [, day, hours, minutes, seconds, millis] = match;
  const at = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** A backup is written under this name and renamed to its own only once its check passed. */
export function partialName(file: string): string {
  return `${file}.partial`;
}
