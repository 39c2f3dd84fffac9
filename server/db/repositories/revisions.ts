import { sql, type Kysely } from "kysely";
import type { Database, RevisionRow } from "../schema.ts";

export interface NewRevision {
  id: string;
  kind: string;
  itemId: string;
  at: string;
  userId: string | null;
  action: string;
  summary: string;
  importId: string | null;
  state: Uint8Array;
  imageIds: readonly string[];
}

/** The revision and the pictures its state shows; the user's name is read from the account in the same statement. */
export async function insertRevision(db: Kysely<Database>, revision: NewRevision): Promise<void> {
  await db
    .insertInto("revisions")
    .values({
      id: revision.id,
      kind: revision.kind,
      item_id: revision.itemId,
      at: revision.at,
      user_id: revision.userId,
      user_name:
        revision.userId === null
          ? ""
          : sql<string>`coalesce((select username from users where id = ${revision.userId}), '')`,
      action: revision.action,
      summary: revision.summary,
      import_id: revision.importId,
      state: revision.state,
    })
    .execute();
  const images = [...new Set(revision.imageIds)];
  if (images.length > 0)
    await db
      .insertInto("revision_images")
      .values(images.map((image_id) => ({ revision_id: revision.id, image_id })))
      .execute();
}

/** The item's newest revision, state included. */
export function latestRevision(db: Kysely<Database>, kind: string, itemId: string): Promise<RevisionRow | undefined> {
  return db
    .selectFrom("revisions")
    .selectAll()
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export type RevisionHead = Omit<RevisionRow, "state">;

const headColumns = ["id", "kind", "item_id", "at", "user_id", "user_name", "action", "summary", "import_id"] as const;

/** A page of the item's revisions, newest first, without their states. */
export function listRevisions(
  db: Kysely<Database>,
  kind: string,
  itemId: string,
  offset: number,
  limit: number,
): Promise<RevisionHead[]> {
  return db
    .selectFrom("revisions")
    .select(headColumns)
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findRevision(db: Kysely<Database>, id: string): Promise<RevisionRow | undefined> {
  return db.selectFrom("revisions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The revision of the same item just before this one, state included. */
export function revisionBefore(db: Kysely<Database>, revision: RevisionHead): Promise<RevisionRow | undefined> {
  return db
    .selectFrom("revisions")
    .selectAll()
    .where("kind", "=", revision.kind)
    .where("item_id", "=", revision.item_id)
    .where((eb) =>
      eb.or([eb("at", "<", revision.at), eb.and([eb("at", "=", revision.at), eb("id", "<", revision.id)])]),
    )
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The revisions an import made. */
export function revisionsOfImport(db: Kysely<Database>, importId: string): Promise<RevisionHead[]> {
  return db.selectFrom("revisions").select(headColumns).where("import_id", "=", importId).execute();
}

/**
 * The revisions past the keep: older than `cutoff` (ISO instant), or beyond the newest `keep` of
 * their item. Ids, oldest first, at most `limit`. A revision an import made is kept past the count
 * (only its age prunes it): the import's revisions are the only record of the machines it touched,
 * and an undo that found some of them gone would undo part of the import without a word.
 */
export async function revisionIdsToPrune(
  db: Kysely<Database>,
  cutoff: string,
  keep: number,
  limit: number,
): Promise<string[]> {
  const old = await db
    .selectFrom("revisions")
    .select("id")
    .where("at", "<", cutoff)
    .orderBy("at")
    .limit(limit)
    .execute();
  const crowded = await db
    .selectFrom("revisions")
    .select(["kind", "item_id"])
    .where("import_id", "is", null)
    .groupBy(["kind", "item_id"])
    .having((eb) => eb.fn.countAll(), ">", keep)
    .execute();
  const beyond: string[] = [];
  for (const item of crowded) {
    const rows = await db
      .selectFrom("revisions")
      .select("id")
      .where("kind", "=", item.kind)
      .where("item_id", "=", item.item_id)
      .where("import_id", "is", null)
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .offset(keep)
      .limit(limit)
      .execute();
    beyond.push(...rows.map((row) => row.id));
  }
  return [...new Set([...old.map((row) => row.id), ...beyond])].slice(0, limit);
}

/** Deletes these revisions; the pictures they kept (which may now be free to go). */
export async function deleteRevisions(db: Kysely<Database>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const images = await db
    .selectFrom("revision_images")
    .select("image_id")
    .distinct()
    .where("revision_id", "in", [...ids])
    .execute();
  await db
    .deleteFrom("revision_images")
    .where("revision_id", "in", [...ids])
    .execute();
  await db
    .deleteFrom("revisions")
    .where("id", "in", [...ids])
    .execute();
  return images.map((row) => row.image_id);
}

/** The ids of an item's revisions. */
export async function revisionIdsOfItem(db: Kysely<Database>, kind: string, itemId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("revisions")
    .select("id")
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .execute();
  return rows.map((row) => row.id);
}
