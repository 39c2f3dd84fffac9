import { sql, type Kysely } from "kysely";
import type { Database } from "../schema.ts";

const CATALOGUE_VERSION = "catalogue_version";

/**
 * A counter bumped by every catalogue write. Kept in the database, so that several instances agree
 * on when cached pages and ETags go stale.
 */
export async function catalogueVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("app_state").select("value").where("key", "=", CATALOGUE_VERSION).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

export async function bumpCatalogueVersion(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("app_state")
    .values({ key: CATALOGUE_VERSION, value: "1" })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({ value: sql<string>`cast(cast(app_state.value as integer) + 1 as text)` }),
    )
    .execute();
}

const GENERATED_SECRET = "generated_secret";

/**
 * The secret the server signs with when JWT_SECRET is not set: made by the first instance that
 * starts on the database and read by every other (an insert that does nothing when one exists), so
 * several instances on one PostgreSQL accept each other's tokens and captcha challenges.
 */
export async function generatedSecret(db: Kysely<Database>, candidate: string): Promise<string> {
  await db
    .insertInto("app_state")
    .values({ key: GENERATED_SECRET, value: candidate })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_state")
    .select("value")
    .where("key", "=", GENERATED_SECRET)
    .executeTakeFirstOrThrow();
  return row.value;
}

const BOOKING_FEED_TOKEN = "booking_feed_token_hash";

/** The hash of the calendar feed's token (decision 071); undefined while the feed has no address. */
export async function bookingFeedTokenHash(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom("app_state").select("value").where("key", "=", BOOKING_FEED_TOKEN).executeTakeFirst();
  return row?.value;
}

/** The feed's new token (its hash): the old one stops working with this write. */
export async function replaceBookingFeedTokenHash(db: Kysely<Database>, hash: string): Promise<void> {
  await db
    .insertInto("app_state")
    .values({ key: BOOKING_FEED_TOKEN, value: hash })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: hash }))
    .execute();
}

/** Ends the feed's address without a new one (an account that could read it is deactivated); true when there was one. */
export async function retireBookingFeedToken(db: Kysely<Database>): Promise<boolean> {
  const result = await db.deleteFrom("app_state").where("key", "=", BOOKING_FEED_TOKEN).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
