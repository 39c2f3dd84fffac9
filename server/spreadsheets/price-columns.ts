import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { isErrorCode, type ErrorCode } from "../../common/errors/error-codes.ts";
import { minorUnitsOf } from "../../common/pricing/amount-text.ts";
import { NO_PRICES, productPricesSchema, type ProductPrices } from "../../common/pricing/machine-prices.ts";
import { MAX_AMOUNT } from "../../common/pricing/money.ts";

/**
 * A machine's prices as columns of its category's sheet (decision 093), after the units in the fleet so
 * the columns before keep their letters: the rates, the deposit and the operator's day rate in lei or
 * euros (a number with at most two decimals, as the admin's form takes them), the minimum days, and
 * "preț la cerere" as da / nu. An empty cell keeps what is stored (a new machine: none); the row's
 * prices are then checked whole by the product form's schema, each refusal at its cell with the
 * price codes (common/errors/price-error-codes.ts).
 */

type PriceKey = keyof ProductPrices;
/** A cell as the sheet's reader gives it (sheet-rows.ts), a formula aside. */
type CellInput = string | number | boolean | null | undefined;

export const PRICE_YES = "da";
export const PRICE_NO = "nu";

export interface PriceColumn {
  header: string;
  key: PriceKey;
  /** The stored value as the sheet writes it (null: an empty cell). */
  cell(prices: ProductPrices): string | number | null;
  /** A cell's value, undefined when empty (kept), or the code that refuses it. */
  read(cell: CellInput): { value: ProductPrices[PriceKey] | undefined } | { code: ErrorCode };
}

const isEmpty = (cell: CellInput) =>
  cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");

/** Hundredths of a number cell, when it has at most two decimals (a float's noise aside). */
function minorOfNumber(value: number): number | undefined {
  const hundredths = Math.round(value * 100);
  return Number.isFinite(value) && Math.abs(value * 100 - hundredths) < 1e-6 ? hundredths : undefined;
}

function readAmount(cell: CellInput): { value: number | undefined } | { code: ErrorCode } {
  if (isEmpty(cell)) return { value: undefined };
  if (typeof cell === "number") {
    if (cell < 0) return { code: "PRICE_AMOUNT_NEGATIVE" };
    // Before the decimals: 1e308 is too large, not a fraction.
    if (cell * 100 > MAX_AMOUNT) return { code: "PRICE_AMOUNT_TOO_LARGE" };
    const minor = minorOfNumber(cell);
    return minor === undefined ? { code: "PRICE_AMOUNT_NOT_WHOLE" } : { value: minor };
  }
  if (typeof cell !== "string") return { code: "INVALID_PRICE_AMOUNT" };
  const typed = cell.trim();
  if (/^-\s*\d/.test(typed)) return { code: "PRICE_AMOUNT_NEGATIVE" };
  if (/^\d+[,.]\d{3,}$/.test(typed)) return { code: "PRICE_AMOUNT_NOT_WHOLE" };
  const minor = minorUnitsOf(typed);
  return typeof minor === "number" ? { value: minor } : { code: "INVALID_PRICE_AMOUNT" };
}

function readDays(cell: CellInput): { value: number | undefined } | { code: ErrorCode } {
  if (isEmpty(cell)) return { value: undefined };
  const days =
    typeof cell === "number" ? cell : typeof cell === "string" && /^\d+$/.test(cell.trim()) ? Number(cell) : NaN;
  return Number.isInteger(days) ? { value: days } : { code: "PRICE_MINIMUM_DAYS_OUT_OF_RANGE" };
}

function readYesNo(cell: CellInput): { value: boolean | undefined } | { code: ErrorCode } {
  if (isEmpty(cell)) return { value: undefined };
  if (typeof cell === "boolean") return { value: cell };
  const word = typeof cell === "string" ? cell.trim().toLocaleLowerCase("ro-RO") : "";
  if (word === PRICE_YES) return { value: true };
  if (word === PRICE_NO) return { value: false };
  return { code: "INVALID_PRICE_ON_REQUEST" };
}

/** An amount as the sheet writes it: lei or euros, a number (1150, 1150.5). */
const amountCell = (minor: number | null) => (minor === null ? null : minor / 100);

const amountColumn = (header: string, key: "day" | "week" | "month" | "deposit" | "operator_day"): PriceColumn => ({
  header,
  key,
  cell: (prices) => amountCell(prices[key]),
  read: readAmount,
});

/** The price columns, in the sheet's order: the one list the export writes and the import reads. */
export const PRICE_COLUMNS: readonly PriceColumn[] = [
  amountColumn("Tarif zi", "day"),
  amountColumn("Tarif saptamana", "week"),
  amountColumn("Tarif luna", "month"),
  amountColumn("Garantie", "deposit"),
  amountColumn("Operator pe zi", "operator_day"),
  { header: "Zile minime", key: "minimum_days", cell: (prices) => prices.minimum_days, read: readDays },
  {
    header: "Pret la cerere",
    key: "on_request",
    cell: (prices) => (prices.on_request ? PRICE_YES : PRICE_NO),
    read: readYesNo,
  },
];

/** The machine's prices as an export writes them (an admin's read: every price it has). */
export const pricesOfView = (product: Pick<ProductView, "prices">): ProductPrices => product.prices ?? NO_PRICES;

/** A row's prices: the stored ones with the row's non-empty cells on top, or each refused cell's header and code. */
export function readPriceCells(
  stored: ProductPrices,
  cellOf: (header: string) => CellInput | "absent",
): { prices: ProductPrices; refusals: { header: string; code: ErrorCode }[] } {
  const prices: Record<string, unknown> = { ...stored };
  const refusals: { header: string; code: ErrorCode }[] = [];
  for (const column of PRICE_COLUMNS) {
    const cell = cellOf(column.header);
    if (cell === "absent") continue;
    const reading = column.read(cell);
    if ("code" in reading) refusals.push({ header: column.header, code: reading.code });
    else if (reading.value !== undefined) prices[column.key] = reading.value;
  }
  if (refusals.length > 0) return { prices: stored, refusals };
  const checked = productPricesSchema.safeParse(prices);
  if (checked.success) return { prices: checked.data, refusals };
  for (const issue of checked.error.issues) {
    const column = PRICE_COLUMNS.find((candidate) => candidate.key === issue.path[0]) ?? PRICE_COLUMNS[0];
    refusals.push({
      header: column.header,
      code: isErrorCode(issue.message) ? issue.message : "INVALID_PRODUCT_PRICES",
    });
  }
  return { prices: stored, refusals };
}

/** A price as the preview lists it, old and new: the sheet's writing, "" for none. */
export function priceCellText(column: PriceColumn, prices: ProductPrices): string {
  const cell = column.cell(prices);
  return cell === null ? "" : String(cell);
}
