import type { z } from "zod";
import { isErrorCode, type ErrorCode } from "../common/error-codes.ts";
import { ValidationError } from "./errors.ts";

/** Each failed rule becomes one entry of the 400 errors list; the schema's messages are error codes. */
export async function validated<Schema extends z.ZodType>(schema: Schema, input: unknown): Promise<z.output<Schema>> {
  const result = await schema.safeParseAsync(input);
  if (result.success) return result.data;
  // One code per field: the first rule it breaks.
  const byPath = new Map<string, ErrorCode>();
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".");
    if (!byPath.has(path)) byPath.set(path, isErrorCode(issue.message) ? issue.message : "ERROR_BAD_REQUEST");
  }
  throw new ValidationError([...byPath].map(([path, msg]) => ({ msg, path })));
}
