import type { VisitorErrorCode as ErrorCode } from "../../../common/errors/visitor-error-codes.ts";

/** The form's fields that can be in error, in their order on the page (focus goes to the first one in error). */
export const FIELD_ORDER = [
  "lastName",
  "firstName",
  "email",
  "phone",
  "city",
  "categories",
  "message",
  "check",
] as const;
export type FieldName = (typeof FIELD_ORDER)[number];
export type FieldErrors = Partial<Record<FieldName | "product", ErrorCode>>;

/** The fields of one machine of the quote list that can be in error (`items.N.<field>`), in their order on the page. */
export const QUOTE_FIELD_ORDER = ["product", "startDate", "days", "endDate", "units", "operator"] as const;
export type QuoteField = (typeof QUOTE_FIELD_ORDER)[number];
/** The id of a machine's field in the quote list editor. */
export const quoteFieldId = (machineId: string, field: QuoteField) => `quote-${machineId}-${field}`;
/** By machine id, so a message stays with its machine when another leaves the list. */
export type ItemErrors = Readonly<Record<string, Partial<Record<QuoteField, ErrorCode>>>>;

export interface FormErrors {
  fields: FieldErrors;
  items: ItemErrors;
  /** About the list as a whole (too many machines). */
  list?: ErrorCode;
}

export const NO_ERRORS: FormErrors = { fields: {}, items: {} };

const ITEM_FIELD_PATH = /^items\.(\d+)\.(\w+)$/;
const isQuoteField = (name: string): name is QuoteField => (QUOTE_FIELD_ORDER as readonly string[]).includes(name);

/**
 * The first message of each field, from the shared schema's issues or the server's `errors`; those
 * of the quote list (`items.N.field`) go to the machine that was Nth of `sentIds` when it was sent.
 */
export function errorsOf(
  issues: readonly { path: string; msg: ErrorCode }[],
  sentIds: readonly string[] = [],
): FormErrors {
  const fields: FieldErrors = {};
  const items: Record<string, Partial<Record<QuoteField, ErrorCode>>> = {};
  let list: ErrorCode | undefined;
  for (const { path, msg } of issues) {
    const [, index, field = ""] = ITEM_FIELD_PATH.exec(path) ?? [];
    const id = index === undefined ? undefined : sentIds[Number(index)];
    if (id !== undefined && isQuoteField(field)) {
      items[id] = { [field]: msg, ...items[id] };
    } else if (path === "items" || path.startsWith("items.")) {
      list ??= msg;
    } else {
      fields[path as FieldName] ??= msg;
    }
  }
  return { fields, items, list };
}

/** Whether the form may be sent as it is. */
export function isClear(errors: FormErrors): boolean {
  return Object.keys(errors.fields).length === 0 && Object.keys(errors.items).length === 0 && errors.list === undefined;
}
