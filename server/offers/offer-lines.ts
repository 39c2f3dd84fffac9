import { rangeLength } from "../../common/bookings/booking-days.ts";
import type { ErrorCode } from "../../common/errors/error-codes.ts";
import type { OfferLineInput } from "../../common/offers/offer-schemas.ts";
import { MAX_AMOUNT } from "../../common/pricing/money.ts";
import { lineFigures } from "../../common/pricing/offer-totals.ts";
import { rentalPrice } from "../../common/pricing/rental-price.ts";
import type { Kysely } from "kysely";
import {
  machineForOffer,
  type MachineForOffer,
  type NewOfferLine,
  type OfferLineRow,
} from "../db/repositories/offers.ts";
import { findTrashEntryOfItem } from "../db/repositories/trash.ts";
import type { Database } from "../db/schema.ts";

/**
 * An offer's lines as the server prices and checks them (decision 094): a machine line's machine
 * exists and is not in the trash, its units fit the fleet, its days follow the bookings' rules and
 * start today or later, and its amount is the pricing rule's unless the editor wrote one. Every
 * problem of every line is found at once, at `lines.N.<field>`.
 */

export type Issue = { msg: ErrorCode; path: string };

/** What the rule asks for a machine's days and units, with its operator; null: no rate for it. */
export function ruleOf(machine: MachineForOffer, days: number, units: number, withOperator: boolean) {
  if (machine.price_day === null) return { price: null, amount: null, missing: "OFFER_LINE_WITHOUT_PRICE" as const };
  const price = rentalPrice(
    {
      day: machine.price_day,
      week: machine.price_week,
      month: machine.price_month,
      minimumDays: machine.price_minimum_days,
    },
    days,
  );
  if (withOperator && machine.price_operator_day === null)
    return { price, amount: null, missing: "OFFER_LINE_WITHOUT_OPERATOR_RATE" as const };
  // The operator is paid for the days worked, not for the days a longer rate covers (decision 081).
  const operator = withOperator ? (machine.price_operator_day ?? 0) * days : 0;
  return { price, amount: (price.amount + operator) * units, missing: null };
}

/** The line's machine; undefined, with its code, when it is in the trash or unknown. */
async function lineMachine(
  db: Kysely<Database>,
  productId: string,
  at: string,
  issues: Issue[],
): Promise<MachineForOffer | undefined> {
  const machine = await machineForOffer(db, productId);
  if (machine) return machine;
  const trashed = await findTrashEntryOfItem(db, "product", productId);
  issues.push({
    msg: trashed ? "OFFER_LINE_MACHINE_IN_TRASH" : "UNKNOWN_OFFER_LINE_MACHINE",
    path: `${at}product_uuid`,
  });
  return undefined;
}

/** Its units fit the machine's fleet, and its days start today or later: when saved, and again when sent. */
function checkUnitsAndDays(
  machine: MachineForOffer,
  line: { units: number; first_day: string },
  at: string,
  today: string,
  issues: Issue[],
): void {
  if (line.units > machine.units) issues.push({ msg: "OFFER_LINE_UNITS_OVER_FLEET", path: `${at}units` });
  if (line.first_day < today) issues.push({ msg: "OFFER_LINE_IN_THE_PAST", path: `${at}first_day` });
}

async function machineLine(
  db: Kysely<Database>,
  line: Extract<OfferLineInput, { kind: "machine" }>,
  at: string,
  today: string,
  issues: Issue[],
): Promise<NewOfferLine | undefined> {
  const machine = await lineMachine(db, line.product_uuid, at, issues);
  if (!machine) return undefined;
  const before = issues.length;
  checkUnitsAndDays(machine, line, at, today, issues);
  const days = rangeLength(line.first_day, line.last_day);
  const rule = ruleOf(machine, days, line.units, line.with_operator);
  const ruleAmount = rule.amount ?? null;
  if (line.amount === null && rule.missing) issues.push({ msg: rule.missing, path: `${at}amount` });
  const amount = line.amount ?? ruleAmount ?? 0;
  if (amount > MAX_AMOUNT) issues.push({ msg: "PRICE_AMOUNT_TOO_LARGE", path: `${at}amount` });
  if (issues.length > before) return undefined;
  const figures = lineFigures({ amount, discount: line.discount });
  return {
    kind: "machine",
    description: machine.model,
    product_id: machine.id,
    first_day: line.first_day,
    last_day: line.last_day,
    days,
    units: line.units,
    with_operator: line.with_operator ? 1 : 0,
    months: rule.price?.periods.months ?? null,
    weeks: rule.price?.periods.weeks ?? null,
    period_days: rule.price?.periods.days ?? null,
    charged_days: rule.price?.chargedDays ?? null,
    rule_amount: ruleAmount !== null && ruleAmount <= MAX_AMOUNT ? ruleAmount : null,
    amount,
    discount: line.discount,
    discount_amount: figures.discountAmount,
    total: figures.total,
  };
}

function freeLine(line: Extract<OfferLineInput, { kind: "free" }>): NewOfferLine {
  const figures = lineFigures(line);
  return {
    kind: "free",
    description: line.description,
    product_id: null,
    first_day: null,
    last_day: null,
    days: null,
    units: 1,
    with_operator: 0,
    months: null,
    weeks: null,
    period_days: null,
    charged_days: null,
    rule_amount: null,
    amount: line.amount,
    discount: line.discount,
    discount_amount: figures.discountAmount,
    total: figures.total,
  };
}

/** The lines priced, and every problem found (the lines are good only when there is none). */
export async function pricedLines(
  db: Kysely<Database>,
  lines: readonly OfferLineInput[],
  today: string,
): Promise<{ lines: NewOfferLine[]; issues: Issue[] }> {
  const issues: Issue[] = [];
  const priced: NewOfferLine[] = [];
  for (const [index, line] of lines.entries()) {
    const stored =
      line.kind === "free" ? freeLine(line) : await machineLine(db, line, `lines.${index}.`, today, issues);
    if (stored) priced.push(stored);
  }
  return { lines: priced, issues };
}

/**
 * What keeps a stored draft's lines from being sent (decision 096): a machine put in the trash or
 * deleted since it was saved, a fleet lowered under its units, days now in the past. The prices stay as
 * saved: the offer promises what its editor read.
 */
export async function unsendableLines(
  db: Kysely<Database>,
  lines: readonly OfferLineRow[],
  today: string,
): Promise<Issue[]> {
  const issues: Issue[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.kind !== "machine" || line.product_id === null || line.first_day === null) continue;
    const at = `lines.${index}.`;
    const machine = await lineMachine(db, line.product_id, at, issues);
    if (machine) checkUnitsAndDays(machine, { units: line.units, first_day: line.first_day }, at, today, issues);
  }
  return issues;
}
