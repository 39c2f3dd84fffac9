import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

export type AlertMail = "started" | "reminder" | "ended";

/**
 * Moves the alert `kind` to its new state and says which mail that calls for, if any: `started` when
 * it begins to fire, `reminder` when it still fires `repeatMs` after the last mail, `ended` when it
 * stops. Each change is one conditional update: of instances checking at once, only the one whose
 * update changed the row gets a mail to send (call it in the transaction that queues the mail).
 */
export async function moveAlert(
  db: Kysely<Database>,
  kind: string,
  firing: { detail: string } | undefined,
  now: Date,
  repeatMs: number,
): Promise<AlertMail | undefined> {
  const at = now.toISOString();
  await db
    .insertInto("alerts")
    .values({ kind, firing: 0, since: null, last_mailed_at: null, detail: null })
    .onConflict((oc) => oc.column("kind").doNothing())
    .execute();
  const changed = async (query: Promise<{ numUpdatedRows: bigint }>) => Number((await query).numUpdatedRows) === 1;
  if (!firing) {
    const ended = db
      .updateTable("alerts")
      .set({ firing: 0, since: null, last_mailed_at: at, detail: null })
      .where("kind", "=", kind)
      .where("firing", "=", 1)
      .executeTakeFirst();
    return (await changed(ended)) ? "ended" : undefined;
  }
  const started = db
    .updateTable("alerts")
    .set({ firing: 1, since: at, last_mailed_at: at, detail: firing.detail })
    .where("kind", "=", kind)
    .where("firing", "=", 0)
    .executeTakeFirst();
  if (await changed(started)) return "started";
  const reminded = db
    .updateTable("alerts")
    .set({ last_mailed_at: at, detail: firing.detail })
    .where("kind", "=", kind)
    .where("firing", "=", 1)
    .where("last_mailed_at", "<=", new Date(now.getTime() - repeatMs).toISOString())
    .executeTakeFirst();
  return (await changed(reminded)) ? "reminder" : undefined;
}

/** Where the alerts go: every administrator's address. */
export async function administratorAddresses(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom("users").select("email").orderBy("email").execute();
  return [...new Set(rows.map((row) => row.email))];
}

/** Forgets every alert's state: a restored database starts its alerts afresh, as a new site's. */
export async function clearAlerts(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("alerts").execute();
}
