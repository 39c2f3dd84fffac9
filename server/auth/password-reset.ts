import { randomUUID } from "node:crypto";
import type { Locale } from "../../common/language/language.ts";
import { enqueueMail } from "../db/repositories/mail-outbox.ts";
import {
  consumeReset,
  findUsableReset,
  insertPasswordReset,
  retirePendingResets,
} from "../db/repositories/password-resets.ts";
import { findUserByEmail, findUserById, setPassword } from "../db/repositories/users.ts";
import { logActivity } from "../activity/activity-log.ts";
import { HttpError } from "../core/errors.ts";
import { passwordResetMail } from "../mail/templates.ts";
import type { AuthServices } from "./services.ts";
import { refuseCommonPassword } from "./password-change.ts";
import { hashPassword } from "./passwords.ts";
import { hashToken, randomToken } from "./random-tokens.ts";

/** Reset links work for an hour. */
export const RESET_TOKEN_MINUTES = 60;

/**
 * POST /reset: mails a one-hour link to the user of this address, if there is one (the caller's
 * reply is the same either way). A newer request retires the links sent before it. Returns whether
 * a mail was queued.
 */
export async function requestPasswordReset(
  services: Pick<AuthServices, "db" | "config" | "mail">,
  address: string,
  lang: Locale,
  client: string,
): Promise<boolean> {
  const { db, config, mail } = services;
  const user = await findUserByEmail(db, address);
  if (!user || user.deactivated_at !== null) return false;
  const token = randomToken();
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await retirePendingResets(trx, user.id, now.toISOString());
    await insertPasswordReset(trx, {
      id: randomUUID(),
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
      createdAt: now.toISOString(),
    });
    const link = `${config.PUBLIC_URL}/admin/reset/${token}`;
    await enqueueMail(trx, passwordResetMail(user.email, lang, link, RESET_TOKEN_MINUTES), now);
    // Anyone who knows the address may ask: the account is the entry's item, never its author.
    await logActivity(
      trx,
      { userId: null, address: client },
      {
        action: "password_reset",
        kind: "user",
        itemId: user.id,
        itemName: user.username,
        summary: "Resetare de parola ceruta: link trimis pe e-mailul contului",
        userName: "(cerere anonima)",
      },
    );
  });
  mail.wake();
  return true;
}

/** POST /change/verify: a live link sets the new password once; every session and every other link ends. */
export async function resetPassword(
  services: Pick<AuthServices, "db">,
  token: string,
  newPassword: string,
  client: string,
): Promise<void> {
  const { db } = services;
  const tokenHash = hashToken(token);
  // Checked before the slow hash, and again (atomically) when it is used up.
  if (!(await findUsableReset(db, tokenHash, new Date().toISOString())))
    throw new HttpError(400, "ERROR_RESET_TOKEN_INVALID");
  refuseCommonPassword(newPassword, "newPassword");
  const passwordHash = await hashPassword(newPassword);
  const done = await db.transaction().execute(async (trx) => {
    const now = new Date();
    const reset = await consumeReset(trx, tokenHash, now.toISOString());
    if (reset) {
      await setPassword(trx, reset.user_id, passwordHash, now);
      await logActivity(
        trx,
        { userId: reset.user_id, address: client },
        {
          action: "password_reset",
          kind: "user",
          itemId: reset.user_id,
          itemName: (await findUserById(trx, reset.user_id))?.username ?? "",
          summary: "Parola schimbata prin linkul de resetare; toate sesiunile inchise",
        },
      );
    }
    return reset !== undefined;
  });
  if (!done) throw new HttpError(400, "ERROR_RESET_TOKEN_INVALID");
}
