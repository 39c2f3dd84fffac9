import { randomUUID } from "node:crypto";
import type { Locale } from "../../common/language/language.ts";
import { enqueueMail } from "../db/repositories/mail-outbox.ts";
import { insertLink, retireLinks } from "../db/repositories/single-use-links.ts";
import { findUserByEmail } from "../db/repositories/users.ts";
import { logActivity } from "../activity/activity-log.ts";
import { passwordResetMail } from "../mail/templates.ts";
import type { AuthServices } from "./services.ts";
import { setPasswordByLink, type PasswordLink } from "./password-by-link.ts";
import { hashToken, randomToken } from "./random-tokens.ts";

/** Reset links work for an hour. */
export const RESET_TOKEN_MINUTES = 60;

const RESET_LINK: PasswordLink = {
  table: "password_resets",
  refusal: "ERROR_RESET_TOKEN_INVALID",
  action: "password_reset",
  summary: "Parola schimbata prin linkul de resetare; toate sesiunile inchise",
};

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
    await retireLinks(trx, "password_resets", user.id, now.toISOString());
    await insertLink(trx, "password_resets", {
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
  await setPasswordByLink(services.db, RESET_LINK, token, newPassword, client);
}
