import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ActivityAction, ActivityKind } from "../../common/activity/activity-schemas.ts";
import { insertActivity } from "../db/repositories/activity-log.ts";
import type { Database } from "../db/schema.ts";

/**
 * Who acts: the signed-in account (null for a login under a name no account has) and the client's
 * address as the rate limits see it. The API makes it from the request (server/api/require-admin.ts).
 */
export interface Actor {
  userId: string | null;
  address: string;
}

/** What was done: never a password, a token, a link or a request's body, only names and a line of words. */
export interface ActivityEntryInput {
  action: ActivityAction;
  kind: ActivityKind;
  itemId: string | null;
  itemName: string;
  /** One line in Romanian: what changed, in words. */
  summary: string;
  /** The name to write when no account has the actor's id. */
  userName?: string;
}

/** Names and summaries are one line each, and bounded: a model or a name is short, the log stays small. */
const MAX_TEXT = 300;

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT - 1)}…` : line;
}

/**
 * Logs one action (decision 073). Call it with the transaction of the action's own write, so the
 * entry commits with it or not at all: the one hook for every feature that acts for an administrator.
 * The entry's id, for a feature that names it (an import's revisions).
 */
export async function logActivity(trx: Kysely<Database>, actor: Actor, entry: ActivityEntryInput): Promise<string> {
  const id = randomUUID();
  await insertActivity(trx, {
    id,
    at: new Date().toISOString(),
    userId: actor.userId,
    fallbackUserName: oneLine(entry.userName ?? ""),
    address: actor.address,
    action: entry.action,
    kind: entry.kind,
    itemId: entry.itemId,
    itemName: oneLine(entry.itemName),
    summary: oneLine(entry.summary),
  });
  return id;
}
