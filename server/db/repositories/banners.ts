import type { Kysely } from "kysely";
import type { BannerRow, Database, NewBanner } from "../schema.ts";

export function listBanners(db: Kysely<Database>): Promise<BannerRow[]> {
  return db.selectFrom("banners").selectAll().orderBy("position").orderBy("created_at").execute();
}

export async function insertBanners(db: Kysely<Database>, rows: NewBanner[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("banners").values(rows).execute();
}

export async function nextBannerPosition(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("banners")
    .select((eb) => eb.fn.max("position").as("last"))
    .executeTakeFirst();
  return row?.last == null ? 0 : Number(row.last) + 1;
}

export function findBanner(db: Kysely<Database>, id: string): Promise<BannerRow | undefined> {
  return db.selectFrom("banners").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countBanners(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("banners")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setBannerImage(db: Kysely<Database>, id: string, imageId: string): Promise<void> {
  await db.updateTable("banners").set({ image_id: imageId }).where("id", "=", id).execute();
}

/** The banner's English description and its captions; what is undefined stays as stored. */
export async function setBannerTexts(
  db: Kysely<Database>,
  id: string,
  texts: Partial<Pick<BannerRow, "alt_en" | "caption" | "caption_en">>,
): Promise<void> {
  if (Object.values(texts).every((text) => text === undefined)) return;
  await db.updateTable("banners").set(texts).where("id", "=", id).execute();
}

/** Its picture is the caller's to delete. */
export async function deleteBanner(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom("banners").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Adds one to the banner's version and returns its row as it is now, locked until the transaction
 * ends on PostgreSQL (see touchProduct). With `version`, only while the row still has it (decision
 * 068): undefined when it moved on, as when there is no such banner.
 */
export function touchBanner(db: Kysely<Database>, id: string, version?: number): Promise<BannerRow | undefined> {
  let query = db
    .updateTable("banners")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", id);
  if (version !== undefined) query = query.where("version", "=", version);
  return query.returningAll().executeTakeFirst();
}

/** Positions 0, 1, 2... in the order given. */
export async function setBannerPositions(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable("banners").set({ position }).where("id", "=", id).execute();
  }
}
