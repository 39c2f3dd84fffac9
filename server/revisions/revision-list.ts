import type { Kysely } from "kysely";
import {
  REVISION_ACTIONS,
  REVISION_KINDS,
  REVISION_PAGE_SIZE,
  type RevisionAction,
  type RevisionDetail,
  type RevisionEntry,
  type RevisionKind,
  type RevisionListQuery,
  type RevisionPage,
} from "../../common/revisions/revision-schemas.ts";
import { HttpError } from "../core/errors.ts";
import { findRevision, listRevisions, revisionBefore, type RevisionHead } from "../db/repositories/revisions.ts";
import type { Database } from "../db/schema.ts";
import { decodeState } from "./revision-state.ts";
import { changesInWords } from "./revision-words.ts";

export const revisionNotFound = () => new HttpError(404, "ERROR_REVISION_NOT_FOUND");

/** Stored words as the API names them (every row is written with one of them). */
function actionOf(action: string): RevisionAction {
  return (REVISION_ACTIONS as readonly string[]).includes(action) ? (action as RevisionAction) : "update";
}

export function kindOf(kind: string): RevisionKind {
  return (REVISION_KINDS as readonly string[]).includes(kind) ? (kind as RevisionKind) : "product";
}

function entryOf(row: RevisionHead): RevisionEntry {
  return {
    id: row.id,
    at: row.at,
    userName: row.user_name,
    action: actionOf(row.action),
    summary: row.summary,
    importId: row.import_id,
  };
}

/** A page of an item's revisions, newest first. */
export async function revisionPage(db: Kysely<Database>, query: RevisionListQuery): Promise<RevisionPage> {
  const offset = query.offset ?? 0;
  const rows = await listRevisions(db, query.kind, query.item, offset, REVISION_PAGE_SIZE + 1);
  return { items: rows.slice(0, REVISION_PAGE_SIZE).map(entryOf), offset, hasMore: rows.length > REVISION_PAGE_SIZE };
}

/**
 * Refuses the caller a revision of this kind by throwing (a right the kind needs); called with the
 * kind as soon as the revision is read, before anything else is read or done.
 */
export type RevisionKindGuard = (kind: string) => void;

/** One revision with its changes against the revision before it, in words. */
export async function revisionDetail(
  db: Kysely<Database>,
  id: string,
  guardKind: RevisionKindGuard,
): Promise<RevisionDetail> {
  const row = await findRevision(db, id);
  if (!row) throw revisionNotFound();
  guardKind(row.kind);
  const previous = await revisionBefore(db, row);
  const state = decodeState(row.kind, row.state);
  return {
    ...entryOf(row),
    kind: kindOf(row.kind),
    itemId: row.item_id,
    previousAt: previous?.at ?? null,
    changes: previous ? await changesInWords(db, decodeState(previous.kind, previous.state), state) : [],
  };
}
