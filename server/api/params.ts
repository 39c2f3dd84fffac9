import type { ErrorCode } from "../../common/errors/error-codes.ts";
import { notFound } from "../core/errors.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID cannot name a record: it is answered like an unknown one. */
export function uuidParam(value: string, code: ErrorCode): string {
  if (!UUID.test(value)) throw notFound(code);
  return value.toLowerCase();
}

/** Returns the record or throws the 404 of its catalogue code. */
export function found<T>(value: T | undefined, code: ErrorCode): T {
  if (value === undefined) throw notFound(code);
  return value;
}
