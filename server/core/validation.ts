import type { z } from "zod";
import { isErrorCode, type ErrorCode } from "../../common/errors/error-codes.ts";
import { ValidationError } from "./errors.ts";

/** Each failed rule becomes one entry of the 400 errors list; the schema's messages are error codes. */
export async function validated<Schema extends z.ZodType>(schema: Schema, input: unknown): Promise<z.output<Schema>> {
  const result = await schema.safeParseAsync(input);
  if (result.success) return result.data;
  throw validationErrorOf(result.error.issues);
}

/** One code per field: the first rule it breaks (a message that is not a code reads ERROR_BAD_REQUEST). */
export function validationErrorOf(issues: readonly z.core.$ZodIssue[]): ValidationError {
  const byPath = new Map<string, ErrorCode>();
  for (const issue of issues) {
    const path = issue.path.map(String).join(".");
    if (!byPath.has(path)) byPath.set(path, isErrorCode(issue.message) ? issue.message : "ERROR_BAD_REQUEST");
  }
  return new ValidationError([...byPath].map(([path, msg]) => ({ msg, path })));
}
