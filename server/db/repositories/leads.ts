import { sql, type Insertable, type Kysely, type Selectable, type SelectQueryBuilder } from "kysely";
import type { LeadStatus } from "../../../common/schemas/leads.ts";
import { leadSearchText, leadSearchWords } from "../../../common/lead-search.ts";
import type { LeadTable, Database } from "../schema.ts";

export type LeadRow = Selectable<LeadTable>;
/** The search text is derived here from the fields it folds, never given by a caller. */
export type NewLead = Omit<Insertable<LeadTable>, "search_text">;

export async function insertLead(db: Kysely<Database>, row: NewLead): Promise<void> {
  await db
    .insertInto("contact_requests")
    .values({ ...row, search_text: leadSearchText(row) })
    .execute();
}

/**
 * Which requests the inbox lists or exports: each word of `q` found in the search text, a status,
 * received in [receivedFrom, receivedUntil) (ISO instants), and one machine of the quote list that
 * is this product, of this category and wanted from a day in [startFrom, startTo] (all it is given).
 */
export interface LeadRowFilter {
  q?: string | undefined;
  status?: LeadStatus | undefined;
  receivedFrom?: string | undefined;
  receivedUntil?: string | undefined;
  product?: string | undefined;
  category?: string | undefined;
  startFrom?: string | undefined;
  startTo?: string | undefined;
}

/** A request with the state of the e-mail that reports it (null columns: no such outbox row). */
export type LeadWithMail = LeadRow & {
  mail_found: string | null;
  mail_sent_at: string | null;
  mail_attempts: number | null;
  mail_next_attempt_at: string | null;
  mail_last_error: string | null;
};

function selectWithMail(db: Kysely<Database>) {
  return db
    .selectFrom("contact_requests")
    .leftJoin("mail_outbox", "mail_outbox.id", "contact_requests.mail_id")
    .selectAll("contact_requests")
    .select([
      "mail_outbox.id as mail_found",
      "mail_outbox.sent_at as mail_sent_at",
      "mail_outbox.attempts as mail_attempts",
      "mail_outbox.next_attempt_at as mail_next_attempt_at",
      "mail_outbox.last_error as mail_last_error",
    ]);
}

/** `%`, `_` and the escape character itself match only themselves in a LIKE pattern (escape '\' in both dialects). */
function likeContaining(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filtered<O>(query: SelectQueryBuilder<Database, "contact_requests" | "mail_outbox", O>, filter: LeadRowFilter) {
  let result = query;
  if (filter.status) result = result.where("contact_requests.status", "=", filter.status);
  if (filter.receivedFrom) result = result.where("contact_requests.created_at", ">=", filter.receivedFrom);
  if (filter.receivedUntil) result = result.where("contact_requests.created_at", "<", filter.receivedUntil);
  for (const word of leadSearchWords(filter.q ?? "")) {
    result = result.where(sql<boolean>`contact_requests.search_text like ${likeContaining(word)} escape '\\'`);
  }
  const { product, category, startFrom, startTo } = filter;
  if (product || category || startFrom || startTo) {
    result = result.where(({ exists, selectFrom }) => {
      let item = selectFrom("contact_request_items").select(sql<number>`1`.as("one")).whereRef("contact_request_items.request_id", "=", "contact_requests.id");
      if (product) item = item.where("contact_request_items.product_id", "=", product);
      if (category) item = item.where("contact_request_items.category_id", "=", category);
      if (startFrom) item = item.where("contact_request_items.start_date", ">=", startFrom);
      if (startTo) item = item.where("contact_request_items.start_date", "<=", startTo);
      return exists(item);
    });
  }
  return result;
}

const newestFirst = <O>(query: SelectQueryBuilder<Database, "contact_requests" | "mail_outbox", O>) =>
  query.orderBy("contact_requests.created_at", "desc").orderBy("contact_requests.id", "desc");

/** One page of the matching requests, newest first, and how many match in all. */
export async function listLeads(
  db: Kysely<Database>,
  filter: LeadRowFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: LeadWithMail[]; total: number }> {
  const counted = await filtered(db.selectFrom("contact_requests").leftJoin("mail_outbox", "mail_outbox.id", "contact_requests.mail_id"), filter)
    .select((eb) => eb.fn.countAll<string | number>().as("total"))
    .executeTakeFirstOrThrow();
  const rows = await newestFirst(filtered(selectWithMail(db), filter)).limit(page.limit).offset(page.offset).execute();
  return { rows, total: Number(counted.total) };
}

/** Every matching request, newest first (the CSV export). */
export function allLeads(db: Kysely<Database>, filter: LeadRowFilter): Promise<LeadWithMail[]> {
  return newestFirst(filtered(selectWithMail(db), filter)).execute();
}

export function findLead(db: Kysely<Database>, id: string): Promise<LeadWithMail | undefined> {
  return selectWithMail(db).where("contact_requests.id", "=", id).executeTakeFirst();
}

/** How many requests are in each status. */
export async function countLeadsByStatus(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("contact_requests")
    .select((eb) => ["status", eb.fn.countAll<string | number>().as("count")])
    .groupBy("status")
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

/** False when no request has this id. */
export async function setLeadStatus(db: Kysely<Database>, id: string, status: LeadStatus): Promise<boolean> {
  const result = await db.updateTable("contact_requests").set({ status }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes the request and the outbox message that reports it, in one transaction (a person's right
 * to erasure). Returns the message's id (its .eml file is named by it; the row may be gone already,
 * pruned after sending), or undefined when no request has this id.
 */
export async function deleteLead(db: Kysely<Database>, id: string): Promise<{ mailId: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const request = await trx.deleteFrom("contact_requests").where("id", "=", id).returning(["mail_id"]).executeTakeFirst();
    if (!request) return undefined;
    if (request.mail_id !== null) await trx.deleteFrom("mail_outbox").where("id", "=", request.mail_id).execute();
    return { mailId: request.mail_id };
  });
}

/** The outbox messages of the requests received before `cutoff` (their .eml copies go with them). */
export async function leadMailIdsBefore(db: Kysely<Database>, cutoff: Date): Promise<string[]> {
  const rows = await db.selectFrom("contact_requests").select("mail_id").where("created_at", "<", cutoff.toISOString()).where("mail_id", "is not", null).execute();
  return rows.flatMap((row) => (row.mail_id === null ? [] : [row.mail_id]));
}

/**
 * Deletes the requests received before `cutoff`, with the e-mails that reported them once sent (they
 * hold the same personal data); an e-mail still waiting to go out is kept until it is sent.
 * Returns how many requests were deleted.
 */
export async function deleteLeadsBefore(db: Kysely<Database>, cutoff: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const before = cutoff.toISOString();
    await trx
      .deleteFrom("mail_outbox")
      .where("sent_at", "is not", null)
      .where("id", "in", trx.selectFrom("contact_requests").select("mail_id").where("created_at", "<", before).where("mail_id", "is not", null))
      .execute();
    const result = await trx.deleteFrom("contact_requests").where("created_at", "<", before).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
