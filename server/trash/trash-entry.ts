import { TRASH_KINDS, type TrashKind } from "../../common/trash/trash-schemas.ts";
import type { Config } from "../core/config.ts";
import { HttpError } from "../core/errors.ts";

/** A stored entry as the API knows it: its kind, how long it is kept, the 404 once it is gone. */

const DAY_MS = 24 * 60 * 60_000;

/** A stored kind as the API names it (every row is written with one of them). */
export function trashKind(kind: string): TrashKind {
  return (TRASH_KINDS as readonly string[]).includes(kind) ? (kind as TrashKind) : "product";
}

/** How long an entry stays before housekeeping purges it (TRASH_RETENTION_DAYS), in milliseconds. */
export function trashKeptMs(config: Pick<Config, "TRASH_RETENTION_DAYS">): number {
  return config.TRASH_RETENTION_DAYS * DAY_MS;
}

export const notInTrash = () => new HttpError(404, "ERROR_TRASH_NOT_FOUND");
