import type { ErrorCode } from "../../../common/error-codes.ts";

/** The form's fields that can be in error, in their order on the page (focus goes to the first one in error). */
export const FIELD_ORDER = ["lastName", "firstName", "email", "phone", "city", "categories", "message", "check"] as const;
export type FieldName = (typeof FIELD_ORDER)[number];
export type FieldErrors = Partial<Record<FieldName | "product", ErrorCode>>;

/** The first message of each field, from the shared schema's issues or the server's `errors`. */
export function errorsOf(issues: readonly { path: string; msg: ErrorCode }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path as FieldName;
    if (!errors[field]) errors[field] = issue.msg;
  }
  return errors;
}
