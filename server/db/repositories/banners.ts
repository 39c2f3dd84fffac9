import type { Kysely } from "kysely";
import type { BannerRow, Database } from "../schema.ts";

export function listBanners(db: Kysely<Database>): Promise<BannerRow[]> {
  return db.selectFrom("banners").selectAll().orderBy("position").orderBy("created_at").execute();
}

export async function insertBanners(db: Kysely<Database>, rows: BannerRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("banners").values(rows).execute();
}

export async function nextBannerPosition(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("banners")
    .select((eb) => eb.fn.max("position").as("last"))
    .executeTakeFirst();
  return row?.last == null ? 0 : Number(row.last) + 1;
}
