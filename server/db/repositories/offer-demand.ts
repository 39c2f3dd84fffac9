import { sql, type Kysely } from "kysely";
import type { Database } from "../schema.ts";
import type { Period } from "./lead-demand.ts";

/**
 * The offers' figures of the demand overview, counted and added by the database (both dialects): the
 * offers sent and the offers accepted in consecutive periods, with their totals. Timestamps are
 * ISO-8601 UTC text, so ranges compare as text; each figure reads one range of a covering index
 * (offers_sent_idx, offers_answered_idx; a newer version sent is looked up in offers_version_sent_idx)
 * and adds whole minor units as integers.
 */

export interface OfferSums {
  count: number;
  /** With VAT, in minor units; only the offers in `currency` are added. */
  total: number;
  net: number;
}

type DatedColumn = "sent_at" | "answered_at";

/** The index of the period (of consecutive ones, in order) the row's `column` falls in. */
function periodOf(column: DatedColumn, periods: readonly Period[]) {
  const cases = periods.map(({ until }, index) => sql`when ${sql.ref(column)} < ${until} then ${sql.lit(index)}`);
  return sql<number>`case ${sql.join(cases, sql` `)} end`;
}

/** An amount added only when the offer is in the currency asked for (a site may change its currency). */
const amountIn = (column: "total" | "net", currency: string) =>
  sql<number>`case when currency = ${currency} then ${sql.ref(column)} else 0 end`;

/** Count and sums of the offers a query selects, per period of `column`. */
async function sumsPerPeriod(
  db: Kysely<Database>,
  column: DatedColumn,
  periods: readonly Period[],
  currency: string,
  only: "sent" | "accepted",
): Promise<OfferSums[]> {
  const first = periods[0];
  const last = periods.at(-1);
  if (!first || !last) return [];
  let offers = db
    .selectFrom("offers")
    .select([
      periodOf(column, periods).as("period"),
      amountIn("total", currency).as("total"),
      amountIn("net", currency).as("net"),
    ])
    .where(column, ">=", first.from)
    .where(column, "<", last.until);
  offers =
    only === "accepted"
      ? offers.where("state", "=", "acceptata")
      : // An offer number counts once, by its newest version sent.
        offers.where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("offers as newer")
                .select(sql.lit(1).as("one"))
                .whereRef("newer.year", "=", "offers.year")
                .whereRef("newer.sequence", "=", "offers.sequence")
                .whereRef("newer.offer_version", ">", "offers.offer_version")
                .where("newer.sent_at", "is not", null),
            ),
          ),
        );
  const rows = await db
    .selectFrom(offers.as("dated"))
    .select((eb) => [
      "dated.period",
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.sum<number | string>("dated.total").as("total"),
      eb.fn.sum<number | string>("dated.net").as("net"),
    ])
    .groupBy("dated.period")
    .execute();
  const sums = periods.map(() => ({ count: 0, total: 0, net: 0 }));
  for (const row of rows) {
    const period = sums[Number(row.period)];
    if (period) Object.assign(period, { count: Number(row.count), total: Number(row.total), net: Number(row.net) });
  }
  return sums;
}

/** The offers sent in each period: an offer number once, by its newest version sent. */
export function sentOffersIn(db: Kysely<Database>, periods: readonly Period[], currency: string): Promise<OfferSums[]> {
  return sumsPerPeriod(db, "sent_at", periods, currency, "sent");
}

/** The offers accepted in each period, by when the customer accepted. */
export function acceptedOffersIn(
  db: Kysely<Database>,
  periods: readonly Period[],
  currency: string,
): Promise<OfferSums[]> {
  return sumsPerPeriod(db, "answered_at", periods, currency, "accepted");
}
