import type { InsertResult, Kysely } from "kysely";
import type { Database } from "../schema.ts";

/*
 * Keys remembered until they expire: spent captcha answers, and the content of recent contact
 * requests. Each is taken with an insert that does nothing on conflict (instead of failing), which
 * keeps a PostgreSQL transaction usable; a second transaction taking the same key waits for the first
 * one's outcome, so of two at once only one wins.
 */

const inserted = (result: InsertResult) => Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;

/** Marks a captcha answer used until it expires; false when it was used already (a replay). */
export async function spendCaptcha(db: Kysely<Database>, key: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db
    .deleteFrom("captcha_spent")
    .where("signature", "=", key)
    .where("expires_at", "<=", now.toISOString())
    .execute();
  const result = await db
    .insertInto("captcha_spent")
    .values({ signature: key, expires_at: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column("signature").doNothing())
    .executeTakeFirst();
  return inserted(result);
}

/** Remembers a request's content until `expiresAt`; false when the same content is remembered already. */
export async function claimFingerprint(
  db: Kysely<Database>,
  fingerprint: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db
    .deleteFrom("contact_fingerprints")
    .where("fingerprint", "=", fingerprint)
    .where("expires_at", "<=", now.toISOString())
    .execute();
  const result = await db
    .insertInto("contact_fingerprints")
    .values({ fingerprint, expires_at: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column("fingerprint").doNothing())
    .executeTakeFirst();
  return inserted(result);
}

/** Forgets every expired key. */
export async function deleteExpiredKeys(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom("captcha_spent").where("expires_at", "<=", now.toISOString()).execute();
  await db.deleteFrom("contact_fingerprints").where("expires_at", "<=", now.toISOString()).execute();
}
