import {
  expressionBuilder,
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type Transaction,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from "kysely";
import type { LeadStatus } from "../../../common/leads/lead-schemas.ts";
import type { LeadOfferFilter } from "../../../common/offers/lead-offers.ts";
import type { OfferState } from "../../../common/offers/offer-states.ts";
import { leadSearchText, leadSearchWords } from "../../../common/leads/lead-search.ts";
import type { Dialect } from "../database.ts";
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
  /** No offer yet, or the newest offer's state (decision 096). */
  offer?: LeadOfferFilter | undefined;
}

/**
 * A request with the state of the e-mail that reports it (null columns: no such outbox row) and the
 * state of its newest offer (null: none).
 */
export type LeadWithMail = LeadRow & {
  mail_found: string | null;
  mail_sent_at: string | null;
  mail_attempts: number | null;
  mail_next_attempt_at: string | null;
  mail_last_error: string | null;
  offer_state: OfferState | null;
};

/** The state of the request's newest offer, its newest version (offers_lead_idx finds its offers). */
function newestOfferState() {
  const eb = expressionBuilder<Database, "contact_requests">();
  return eb
    .selectFrom("offers")
    .select("offers.state")
    .whereRef("offers.lead_id", "=", "contact_requests.id")
    .orderBy("offers.created_at", "desc")
    .orderBy("offers.offer_version", "desc")
    .limit(1);
}

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
      newestOfferState().as("offer_state"),
    ]);
}

/** `%`, `_` and the escape character itself match only themselves in a LIKE pattern (escape '\' in both dialects). */
function likeContaining(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The filter as one condition on contact_requests (none: undefined), for the list, its count and the export. */
function leadCondition(filter: LeadRowFilter): Expression<SqlBool> | undefined {
  const eb = expressionBuilder<Database, "contact_requests">();
  const parts: Expression<SqlBool>[] = [];
  if (filter.status) parts.push(eb("contact_requests.status", "=", filter.status));
  if (filter.receivedFrom) parts.push(eb("contact_requests.created_at", ">=", filter.receivedFrom));
  if (filter.receivedUntil) parts.push(eb("contact_requests.created_at", "<", filter.receivedUntil));
  for (const word of leadSearchWords(filter.q ?? "")) {
    parts.push(sql<SqlBool>`contact_requests.search_text like ${likeContaining(word)} escape '\\'`);
  }
  const { product, category, startFrom, startTo } = filter;
  if (product || category || startFrom || startTo) {
    // The requests found from their machines (an index of the quote lists), not every request tested in turn.
    let item = eb.selectFrom("contact_request_items").select("contact_request_items.request_id");
    if (product) item = item.where("contact_request_items.product_id", "=", product);
    if (category) item = item.where("contact_request_items.category_id", "=", category);
    if (startFrom) item = item.where("contact_request_items.start_date", ">=", startFrom);
    if (startTo) item = item.where("contact_request_items.start_date", "<=", startTo);
    parts.push(eb("contact_requests.id", "in", item));
  }
  if (filter.offer === "none")
    parts.push(
      eb.not(
        eb.exists(eb.selectFrom("offers").select("offers.id").whereRef("offers.lead_id", "=", "contact_requests.id")),
      ),
    );
  else if (filter.offer) parts.push(eb(newestOfferState(), "=", filter.offer));
  return parts.length === 0 ? undefined : eb.and(parts);
}

function filtered<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  filter: LeadRowFilter,
): SelectQueryBuilder<Database, TB, O> {
  const condition = leadCondition(filter);
  return condition ? query.where(condition) : query;
}

const newestFirst = <O>(query: SelectQueryBuilder<Database, "contact_requests" | "mail_outbox", O>) =>
  query.orderBy("contact_requests.created_at", "desc").orderBy("contact_requests.id", "desc");

/** One page of the matching requests, newest first, and how many match in all. */
export async function listLeads(
  db: Kysely<Database>,
  filter: LeadRowFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: LeadWithMail[]; total: number }> {
  // The count and the page at once (two connections of PostgreSQL's pool); the count reads no e-mail.
  const [counted, rows] = await Promise.all([
    filtered(db.selectFrom("contact_requests"), filter)
      .select((eb) => eb.fn.countAll<string | number>().as("total"))
      .executeTakeFirstOrThrow(),
    newestFirst(filtered(selectWithMail(db), filter))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** The matching requests after `after`, newest first: a page of the CSV export. */
export function leadsAfter(
  db: Kysely<Database>,
  filter: LeadRowFilter,
  after: Pick<LeadWithMail, "created_at" | "id"> | undefined,
  limit: number,
): Promise<LeadWithMail[]> {
  let query = filtered(selectWithMail(db), filter);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb("contact_requests.created_at", "<", after.created_at),
        eb.and([eb("contact_requests.created_at", "=", after.created_at), eb("contact_requests.id", "<", after.id)]),
      ]),
    );
  return newestFirst(query).limit(limit).execute();
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

/** The request's status before and when it came; undefined when no request has this id. */
export async function setLeadStatus(
  db: Kysely<Database>,
  id: string,
  status: LeadStatus,
): Promise<{ before: string; createdAt: string } | undefined> {
  const before = await db
    .selectFrom("contact_requests")
    .select(["status", "created_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable("contact_requests").set({ status }).where("id", "=", id).execute();
  return { before: before.status, createdAt: before.created_at };
}

/**
 * A new request becomes contacted (an offer for it was sent, decision 096); one already contacted or
 * finished keeps its status. Its creation time when it moved, undefined when it did not.
 */
export async function markLeadContacted(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db
    .updateTable("contact_requests")
    .set({ status: "contactat" })
    .where("id", "=", id)
    .where("status", "=", "nou")
    .returning("created_at")
    .executeTakeFirst();
  return row?.created_at;
}

/**
 * Holds the request's row until the caller's transaction ends (PostgreSQL; SQLite has one writer): an
 * offer or a booking being written for it (their read holds it FOR KEY SHARE) commits first and is
 * then seen; one that comes after waits, then finds the request gone. The writes of an offer take
 * its row before its request's, so a caller holding offers of the request takes them first.
 */
export async function lockLead(db: Kysely<Database>, dialect: Dialect, id: string): Promise<void> {
  if (dialect === "postgres")
    await db.selectFrom("contact_requests").select("id").where("id", "=", id).forUpdate().execute();
}

/**
 * Deletes the request and the outbox message that reports it (a person's right to erasure; the
 * caller's transaction holds both). Returns the message's id (its .eml file is named by it; the row
 * may be gone already, pruned after sending) and when the request came, or undefined when no request
 * has this id.
 */
export async function deleteLead(
  trx: Transaction<Database>,
  id: string,
): Promise<{ mailId: string | null; createdAt: string } | undefined> {
  const request = await trx
    .deleteFrom("contact_requests")
    .where("id", "=", id)
    .returning(["mail_id", "created_at"])
    .executeTakeFirst();
  if (!request) return undefined;
  if (request.mail_id !== null) await trx.deleteFrom("mail_outbox").where("id", "=", request.mail_id).execute();
  return { mailId: request.mail_id, createdAt: request.created_at };
}

/** The outbox messages of the requests received before `cutoff` (their .eml copies go with them). */
export async function leadMailIdsBefore(db: Kysely<Database>, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("contact_requests")
    .select("mail_id")
    .where("created_at", "<", cutoff.toISOString())
    .where("mail_id", "is not", null)
    .execute();
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
      .where(
        "id",
        "in",
        trx
          .selectFrom("contact_requests")
          .select("mail_id")
          .where("created_at", "<", before)
          .where("mail_id", "is not", null),
      )
      .execute();
    const result = await trx.deleteFrom("contact_requests").where("created_at", "<", before).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
