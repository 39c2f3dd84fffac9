import type { Context } from "hono";
import type { z } from "zod";
import { isErrorCode, type ErrorCode } from "../../common/error-codes.ts";
import { HttpError, ValidationError } from "../errors.ts";

async function parseJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, "ERROR_BAD_REQUEST");
  }
}

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

/**
 * Parses the JSON body with a schema whose messages are error codes: unreadable JSON is a 400
 * ERROR_BAD_REQUEST, a body that is not an object (`[]`, `null`, `"x"`) is read as `{}` so every
 * required field reports its own code, and each invalid field becomes one entry of the 400 errors list.
 */
export async function readJsonBody<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.output<Schema>> {
  const body = await parseJson(c);
  return validated(schema, typeof body === "object" && body !== null && !Array.isArray(body) ? body : {});
}

/** The same for calls whose body is a list (spec §7: configuration entries, banner images): the body as sent. */
export async function readJsonValue<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.output<Schema>> {
  return validated(schema, await parseJson(c));
}
