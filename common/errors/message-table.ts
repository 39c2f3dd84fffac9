import type { Locale } from "../language/language.ts";

/**
 * A table of error messages by code, each in Romanian and English (common/errors/error-codes.ts,
 * common/errors/visitor-error-codes.ts).
 */
export type MessageTable = Readonly<Record<string, readonly [ro: string, en: string]>>;

/** Whether `value` is one of the table's codes. */
export function isCodeOf<Table extends MessageTable>(table: Table, value: unknown): value is keyof Table & string {
  return typeof value === "string" && Object.hasOwn(table, value);
}

/** A code's message in `locale`. */
export function messageOf<Table extends MessageTable>(
  table: Table,
  code: keyof Table & string,
  locale: Locale = "ro",
): string {
  const [ro, en] = table[code];
  return locale === "en" ? en : ro;
}
