import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import type { OfferState } from "../../../common/offers/offer-states.ts";
import type { Database, OfferLineTable, OfferTable } from "../schema.ts";

export type OfferRow = Selectable<OfferTable>;
export type NewOffer = Insertable<OfferTable>;
export type OfferLineRow = Selectable<OfferLineTable>;
/** A line before it is attached to its offer. */
export type NewOfferLine = Omit<Insertable<OfferLineTable>, "offer_id" | "position">;
/** What a draft's save replaces: its content, never its number, version or state. */
export type OfferContent = Omit<
  NewOffer,
  "id" | "year" | "sequence" | "number" | "offer_version" | "state" | "created_at"
>;

/**
 * The next number of `year`: the counter row is created or added to in the caller's transaction, so
 * it stays locked until that commits (PostgreSQL's row lock; SQLite's single writer) and two saves
 * at once, on any number of instances, get two numbers. A save rolled back gives its number back.
 */
export async function takeOfferSequence(db: Kysely<Database>, year: number): Promise<number> {
  const row = await db
    .insertInto("offer_counters")
    .values({ year, last_number: 1 })
    .onConflict((conflict) =>
      conflict.column("year").doUpdateSet({ last_number: sql<number>`offer_counters.last_number + 1` }),
    )
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

async function insertLines(db: Kysely<Database>, offerId: string, lines: readonly NewOfferLine[]): Promise<void> {
  await db
    .insertInto("offer_lines")
    .values(lines.map((line, position) => ({ ...line, offer_id: offerId, position })))
    .execute();
}

export async function insertOffer(db: Kysely<Database>, row: NewOffer, lines: readonly NewOfferLine[]): Promise<void> {
  await db.insertInto("offers").values(row).execute();
  await insertLines(db, row.id, lines);
}

/** Replaces a draft's content and lines; false when it is no longer a draft (another call sent or closed it). */
export async function replaceDraft(
  db: Kysely<Database>,
  id: string,
  content: OfferContent,
  lines: readonly NewOfferLine[],
): Promise<boolean> {
  const result = await db
    .updateTable("offers")
    .set(content)
    .where("id", "=", id)
    .where("state", "=", "ciorna")
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await db.deleteFrom("offer_lines").where("offer_id", "=", id).execute();
  await insertLines(db, id, lines);
  return true;
}

export function findOffer(db: Kysely<Database>, id: string): Promise<OfferRow | undefined> {
  return db.selectFrom("offers").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The offer's row locked until the caller's transaction ends (PostgreSQL; SQLite has one writer). */
export function lockOffer(db: Kysely<Database>, id: string, postgres: boolean): Promise<OfferRow | undefined> {
  const query = db.selectFrom("offers").selectAll().where("id", "=", id);
  return (postgres ? query.forUpdate() : query).executeTakeFirst();
}

export function linesOf(db: Kysely<Database>, offerId: string): Promise<OfferLineRow[]> {
  return db.selectFrom("offer_lines").selectAll().where("offer_id", "=", offerId).orderBy("position").execute();
}

/** Every version of one offer number, oldest first. */
export function versionsOf(
  db: Kysely<Database>,
  year: number,
  sequence: number,
): Promise<Pick<OfferRow, "id" | "offer_version" | "state">[]> {
  return db
    .selectFrom("offers")
    .select(["id", "offer_version", "state"])
    .where("year", "=", year)
    .where("sequence", "=", sequence)
    .orderBy("offer_version")
    .execute();
}

/** Moves an offer from one of `from` to `to`; false when it was in none of them (another call came first). */
export async function setOfferState(
  db: Kysely<Database>,
  id: string,
  from: readonly OfferState[],
  to: OfferState,
  changes: Partial<Pick<OfferRow, "sent_at" | "updated_at">> = {},
): Promise<boolean> {
  const result = await db
    .updateTable("offers")
    .set({ state: to, ...changes })
    .where("id", "=", id)
    .where("state", "in", [...from])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface OfferRowFilter {
  state?: OfferState;
  leadId?: string;
}

/** The list's offers, newest first (a bounded page: the office has hundreds a year, not millions). */
export function listOffers(db: Kysely<Database>, filter: OfferRowFilter, limit: number): Promise<OfferRow[]> {
  let query = db.selectFrom("offers").selectAll();
  if (filter.state) query = query.where("state", "=", filter.state);
  if (filter.leadId) query = query.where("lead_id", "=", filter.leadId);
  return query
    .orderBy("created_at", "desc")
    .orderBy("number", "desc")
    .orderBy("offer_version", "desc")
    .limit(limit)
    .execute();
}

/** A machine as an offer's line needs it: its model, fleet and rates. */
export function machineForOffer(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("products")
    .select([
      "id",
      "model",
      "units",
      "price_day",
      "price_week",
      "price_month",
      "price_operator_day",
      "price_minimum_days",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}
export type MachineForOffer = NonNullable<Awaited<ReturnType<typeof machineForOffer>>>;

/**
 * The offers written for a request, every version of each; with `lock` (PostgreSQL) their rows are held
 * until the caller's transaction ends, as every write of an offer holds its own.
 */
export function offersOfLead(
  db: Kysely<Database>,
  leadId: string,
  lock = false,
): Promise<Pick<OfferRow, "id" | "number" | "offer_version">[]> {
  const query = db.selectFrom("offers").select(["id", "number", "offer_version"]).where("lead_id", "=", leadId);
  return (lock ? query.forUpdate() : query).execute();
}

/**
 * Takes the customer's personal data out of offers: who they are and how to reach them, what they typed
 * and sent when answering (name, reason, address, browser), and the personal link (its page stops
 * answering). The number, lines, totals, state and the answer's time and content hash stay. `updated_at`
 * moves, as for every change of the row.
 */
export async function forgetOfferCustomers(
  db: Kysely<Database>,
  ids: readonly string[],
  placeholderName: string,
  now: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("offers")
    .set({
      customer_name: placeholderName,
      customer_company: "",
      customer_email: "",
      customer_phone: "",
      answer_name: null,
      answer_reason: null,
      answer_address: null,
      answer_user_agent: null,
      link_hash: null,
      updated_at: now,
    })
    .where("id", "in", ids)
    .execute();
}
