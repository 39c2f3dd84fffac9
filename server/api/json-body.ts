import type { Context } from "hono";
import type { z } from "zod";
import { HttpError } from "../errors.ts";
import { validated } from "../validation.ts";

async function parseJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, "ERROR_BAD_REQUEST");
  }
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
