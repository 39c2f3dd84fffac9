import type { Kysely } from "kysely";
import type { ActivityAction } from "../../common/activity/activity-schemas.ts";
import type { ErrorCode } from "../../common/errors/error-codes.ts";
import { logActivity } from "../activity/activity-log.ts";
import { HttpError } from "../core/errors.ts";
import { consumeLink, findLiveLink, type LinkTable } from "../db/repositories/single-use-links.ts";
import { findUserById, setPassword } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import { refuseCommonPassword } from "./password-change.ts";
import { hashPassword } from "./passwords.ts";
import { hashToken } from "./random-tokens.ts";

/** A kind of one-time link that sets an account's password: a reset, an invitation (decision 091). */
export interface PasswordLink {
  table: Extract<LinkTable, "password_resets" | "user_invitations">;
  /** The 400's code for an unknown, used or expired link, or an account deactivated meanwhile. */
  refusal: ErrorCode;
  /** The Jurnal's entry for the password set. */
  action: ActivityAction;
  summary: string;
}

/**
 * A live link sets the account's password once; its sessions and its other reset links end
 * (setPassword). The link is checked before the slow hash, and used up atomically with the change.
 */
export async function setPasswordByLink(
  db: Kysely<Database>,
  link: PasswordLink,
  token: string,
  newPassword: string,
  client: string,
): Promise<void> {
  const tokenHash = hashToken(token);
  if (!(await findLiveLink(db, link.table, tokenHash, new Date().toISOString())))
    throw new HttpError(400, link.refusal);
  refuseCommonPassword(newPassword, "newPassword");
  const passwordHash = await hashPassword(newPassword);
  const done = await db.transaction().execute(async (trx) => {
    const now = new Date();
    const used = await consumeLink(trx, link.table, tokenHash, now.toISOString());
    if (!used) return false;
    const user = await findUserById(trx, used.user_id);
    if (!user || user.deactivated_at !== null) return false;
    await setPassword(trx, user.id, passwordHash, now);
    await logActivity(
      trx,
      { userId: user.id, address: client },
      { action: link.action, kind: "user", itemId: user.id, itemName: user.username, summary: link.summary },
    );
    return true;
  });
  if (!done) throw new HttpError(400, link.refusal);
}
