import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { revisionFieldWords, type RevisionAction } from "../../common/revisions/revision-schemas.ts";
import type { Actor } from "../activity/activity-log.ts";
import { insertRevision, latestRevision } from "../db/repositories/revisions.ts";
import type { Database, RevisionRow } from "../db/schema.ts";
import { changedFields } from "./revision-changes.ts";
import {
  decodeState,
  encodeState,
  itemIdOf,
  pictureIdsOf,
  readItemState,
  type ItemState,
  type RevisionItem,
} from "./revision-state.ts";

export interface RevisionOptions {
  /** What made it: a save (update, the default), a create, a restore of an earlier one, an import. */
  action?: Exclude<RevisionAction, "baseline">;
  /** The import that made it (an import is undone by its revisions). */
  importId?: string;
  /** What revisionBaseline read before the write. */
  baseline?: RevisionBaseline;
  /** The line's beginning, for a restore ('Restaurata versiunea din …'). */
  summary?: string;
}

const MAX_SUMMARY = 300;

/**
 * Read before a write, in its transaction: the item's newest revision, or, when it has none yet,
 * the state it has (its first save keeps that too).
 */
export type RevisionBaseline = { latest: RevisionRow } | { found: ItemState | undefined };

export async function revisionBaseline(trx: Kysely<Database>, item: RevisionItem): Promise<RevisionBaseline> {
  const latest = await latestRevision(trx, item.kind, itemIdOf(item));
  if (latest) return { latest };
  const state = await readItemState(trx, item);
  // A new database's configuration has no entry yet: nothing to go back to.
  const empty = state?.kind === "configuration" && Object.keys(state.state.entries).length === 0;
  return { found: empty ? undefined : state };
}

/** When a state was saved, as its rows say (the configuration's entries do not say it as one). */
function savedAt(item: ItemState): number {
  if (item.kind === "product") return Date.parse(item.state.product.updated_at);
  if (item.kind === "category") return Date.parse(item.state.category.updated_at);
  return Number.NaN;
}

function changeLine(fields: readonly string[]): string {
  return fields.length === 0 ? "Salvat fara modificari" : `Modificat: ${fields.map(revisionFieldWords).join(", ")}`;
}

function summaryOf(options: RevisionOptions, fields: readonly string[]): string {
  const line =
    options.action === "create"
      ? "Adaugat"
      : options.action === "import"
        ? `Import din foaie de calcul. ${changeLine(fields)}`
        : options.summary
          ? `${options.summary}. ${changeLine(fields)}`
          : changeLine(fields);
  return line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line;
}

/**
 * Keeps the item's state after a write as its newest revision (decision 078): call it with the
 * write's own transaction, after the write, so the revision commits with it or not at all. Its
 * summary names the fields that differ from the revision before; the pictures its state shows are
 * kept while it exists. An item's first save since revisions began also keeps the state it found
 * (`baseline`), so that save can be undone too.
 */
export async function recordRevision(
  trx: Kysely<Database>,
  actor: Actor,
  item: RevisionItem,
  options: RevisionOptions = {},
): Promise<void> {
  const current = await readItemState(trx, item);
  if (!current) throw new Error(`No ${item.kind} to keep a revision of`);
  const itemId = itemIdOf(item);
  const { baseline } = options;
  // Read before the write by revisionBaseline, in this transaction: the same rows.
  const latest = baseline
    ? "latest" in baseline
      ? baseline.latest
      : undefined
    : await latestRevision(trx, item.kind, itemId);
  // Later than the one before, whatever the clocks of several instances say: the order is the history.
  let at = Math.max(Date.now(), latest ? Date.parse(latest.at) + 1 : 0);
  let before = latest && decodeState(latest.kind, latest.state);
  const found = baseline && "found" in baseline ? baseline.found : undefined;
  if (!latest && found) {
    const foundAt = savedAt(found);
    await insertRevision(trx, {
      id: randomUUID(),
      kind: item.kind,
      itemId,
      at: new Date(Number.isNaN(foundAt) ? at - 1 : Math.min(foundAt, at - 1)).toISOString(),
      userId: null,
      action: "baseline",
      summary: "Versiunea de dinaintea istoricului",
      importId: null,
      state: encodeState(found),
      imageIds: pictureIdsOf(found),
    });
    before = found;
  }
  at = Math.max(at, Date.now());
  await insertRevision(trx, {
    id: randomUUID(),
    kind: item.kind,
    itemId,
    at: new Date(at).toISOString(),
    userId: actor.userId,
    action: options.action ?? "update",
    summary: summaryOf(options, before ? changedFields(before, current) : []),
    importId: options.importId ?? null,
    state: encodeState(current),
    imageIds: pictureIdsOf(current),
  });
}

/** A save that restores an earlier revision (decision 078): when that revision was saved, and the pictures its state shows. */
export interface RevisionRestore {
  at: string;
  pictures: readonly string[];
}

/** The words a restore leaves in the revision and the activity log. */
export function restoreWords(restore: Pick<RevisionRestore, "at">): string {
  return `Restaurata versiunea din ${restore.at.slice(0, 16).replace("T", " ")} UTC`;
}
