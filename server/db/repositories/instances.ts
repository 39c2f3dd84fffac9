import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

export interface InstanceBeat {
  id: string;
  version: string;
  startedAt: string;
  at: string;
}

/** Writes `beat` as its instance's row: the first makes it, the next move its last time seen (and its version, start). */
export async function recordHeartbeat(db: Kysely<Database>, beat: InstanceBeat): Promise<void> {
  await db
    .insertInto("instances")
    .values({ id: beat.id, version: beat.version, started_at: beat.startedAt, last_seen_at: beat.at })
    .onConflict((oc) =>
      oc.column("id").doUpdateSet({ version: beat.version, started_at: beat.startedAt, last_seen_at: beat.at }),
    )
    .execute();
}

/** The instances seen since `since`, the longest running first. */
export async function instancesSeenSince(
  db: Kysely<Database>,
  since: string,
): Promise<{ id: string; version: string; started_at: string; last_seen_at: string }[]> {
  return db
    .selectFrom("instances")
    .select(["id", "version", "started_at", "last_seen_at"])
    .where("last_seen_at", ">=", since)
    .orderBy("started_at")
    .orderBy("id")
    .execute();
}

/** Removes the rows of instances not seen since `before` (gone for good). */
export async function sweepInstances(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom("instances").where("last_seen_at", "<", before).execute();
}
