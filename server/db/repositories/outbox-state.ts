import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

export interface OutboxState {
  /** Messages not yet sent. */
  waiting: number;
  /** Of those, messages whose last attempt failed. */
  failing: number;
  /** When the oldest unsent message was queued; undefined when none waits. */
  oldest?: string;
  /** When the oldest failing message was queued (how long mails have been failing). */
  oldestFailing?: string;
}

/** The outbox as the operators see it (the Stare page, /metrics, the alerts). */
export async function outboxState(db: Kysely<Database>): Promise<OutboxState> {
  const row = await db
    .selectFrom("mail_outbox")
    .where("sent_at", "is", null)
    .select((eb) => [
      eb.fn.countAll<number | string>().as("waiting"),
      eb.fn.sum<number | string | null>(eb.case().when("attempts", ">", 0).then(1).else(0).end()).as("failing"),
      eb.fn.min("created_at").as("oldest"),
      eb.fn.min(eb.case().when("attempts", ">", 0).then(eb.ref("created_at")).end()).as("oldest_failing"),
    ])
    .executeTakeFirstOrThrow();
  return {
    waiting: Number(row.waiting),
    failing: Number(row.failing ?? 0),
    oldest: row.oldest ?? undefined,
    oldestFailing: row.oldest_failing ?? undefined,
  };
}
