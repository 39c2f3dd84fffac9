import type { Kysely } from "kysely";
import type { Database, ImageRow, NewImage } from "../schema.ts";

/** An image without its bytes: what lists and pages need. */
export type ImageMeta = Omit<ImageRow, "bytes">;

const metaColumns = ["id", "mime_type", "byte_size", "width", "height", "alt", "created_at"] as const;

export async function insertImage(db: Kysely<Database>, image: NewImage): Promise<void> {
  await db.insertInto("images").values(image).execute();
}

export function findImage(db: Kysely<Database>, id: string): Promise<ImageRow | undefined> {
  return db.selectFrom("images").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findImageMetas(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, ImageMeta>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("images").select(metaColumns).where("id", "in", [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function deleteImages(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("images").where("id", "in", [...ids]).execute();
}
