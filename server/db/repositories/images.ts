import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
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

/**
 * Whether the picture is stored, read from the primary key alone: a revalidation of /media and the
 * variants' checks need nothing more. On SQLite any column stored after `bytes` (`byte_size`, …,
 * as findImageMetas reads) makes SQLite walk the picture's overflow pages (2.3 ms for 7 MB against
 * 0.003 ms for the id: docs/decisions/038-a-media-revalidation-is-answered-from-the.md); PostgreSQL keeps the bytes
 * apart (TOAST).
 */
export async function imageExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom("images").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export async function findImageMetas(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, ImageMeta>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("images")
    .select(metaColumns)
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function deleteImages(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom("images")
    .where("id", "in", [...ids])
    .execute();
}

/**
 * One statement a picture: the driver copies a statement's blobs and the database assembles its rows
 * from them, so five 9 MB pictures in one statement were all copied at once (33 MB more at the
 * write's peak on SQLite, decision 095). Taken in a transaction only, so that it stays one write.
 */
export async function insertImages(trx: Transaction<Database>, images: readonly NewImage[]): Promise<void> {
  for (const image of images) await trx.insertInto("images").values(image).execute();
}

export async function updateImageAlt(db: Kysely<Database>, id: string, alt: string): Promise<void> {
  await db.updateTable("images").set({ alt }).where("id", "=", id).execute();
}

type ImagesFilter = ExpressionBuilder<Database, "images">;

/** The live records that show a picture: a machine (header or gallery), a banner, a category. */
function shownByLiveRecord({ or, exists, selectFrom }: ImagesFilter) {
  return or([
    exists(selectFrom("products").select("products.id").whereRef("products.header_image_id", "=", "images.id")),
    exists(
      selectFrom("product_gallery")
        .select("product_gallery.image_id")
        .whereRef("product_gallery.image_id", "=", "images.id"),
    ),
    exists(selectFrom("banners").select("banners.id").whereRef("banners.image_id", "=", "images.id")),
    exists(selectFrom("categories").select("categories.id").whereRef("categories.header_image_id", "=", "images.id")),
  ]);
}

function keptByTrash({ exists, selectFrom }: ImagesFilter) {
  return exists(
    selectFrom("trash_images").select("trash_images.image_id").whereRef("trash_images.image_id", "=", "images.id"),
  );
}

function keptByRevision({ exists, selectFrom }: ImagesFilter) {
  return exists(
    selectFrom("revision_images")
      .select("revision_images.image_id")
      .whereRef("revision_images.image_id", "=", "images.id"),
  );
}

/**
 * Deletes those of `ids` that no product, gallery, banner, category, item in the trash or kept revision uses any
 * more (a picture is never deleted from under a record that still shows it, or may show it again). Returns the ids deleted.
 */
export async function deleteUnusedImages(db: Kysely<Database>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom("images")
    .where("id", "in", [...new Set(ids)])
    .where((eb) => eb.not(eb.or([shownByLiveRecord(eb), keptByTrash(eb), keptByRevision(eb)])))
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Whether /media serves the picture: stored, and not kept by the trash or by revisions alone (a
 * deleted machine's, category's or banner's pictures answer 404 until a restore, decision 080; a
 * picture taken out of a gallery or replaced answers 404 at once, as before revisions kept it, and
 * again 200 if a restored revision shows it). The trash's and the revisions' tests are index
 * lookups; the live records are asked only of a picture one of them keeps (the OR stops at its first
 * true term), so a revalidation stays as cheap as decision 038 made it.
 */
export async function imageShown(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("images")
    .select("id")
    .where("id", "=", id)
    .where((eb) => eb.or([eb.not(eb.or([keptByTrash(eb), keptByRevision(eb)])), shownByLiveRecord(eb)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Of `ids`, those no picture row has (their files are leftovers). */
export async function missingImageIds(db: Kysely<Database>, ids: readonly string[]): Promise<string[]> {
  const present = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom("images")
      .select("id")
      .where("id", "in", ids.slice(start, start + 500))
      .execute();
    for (const row of rows) present.add(row.id);
  }
  return ids.filter((id) => !present.has(id));
}
