import { randomUUID } from "node:crypto";
import { Hono, type MiddlewareHandler } from "hono";
import {
  changePasswordSchema,
  loginSchema,
  refreshSchema,
  rejectSchema,
  resetRequestSchema,
  resetVerifySchema,
} from "../../common/schemas/auth.ts";
import { attemptLogin } from "../auth/login.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { clientAddress, rateLimit } from "../auth/rate-limit.ts";
import { requireAdmin, signedInUserId } from "../auth/require-admin.ts";
import { hashToken, randomToken } from "../auth/secrets.ts";
import { issueTokens } from "../auth/sessions.ts";
import { enqueueMail } from "../db/repositories/mail-outbox.ts";
import { consumeReset, findUsableReset, insertPasswordReset, retirePendingResets } from "../db/repositories/password-resets.ts";
import { consumeRefreshToken, findRefreshToken, revokeRefreshFamily } from "../db/repositories/refresh-tokens.ts";
import { findUserByEmail, findUserById, revokeSessions, setPassword } from "../db/repositories/users.ts";
import { HttpError, ValidationError } from "../errors.ts";
import { passwordResetMail } from "../mail/templates.ts";
import { limitBody, SMALL_BODY_LIMIT } from "./body-limit.ts";
import type { ApiEnv } from "../http-env.ts";
import { readJsonBody } from "./json-body.ts";

/** Reset links work for an hour. */
const RESET_TOKEN_MINUTES = 60;

const unauthorized = () => new HttpError(401, "ERROR_UNAUTHORIZED");

/** Credentials are small: anything bigger is refused before it is read or hashed. */
const smallBody = limitBody(SMALL_BODY_LIMIT);

/** Tokens and their refusals are never kept by a cache. */
const noStore: MiddlewareHandler<ApiEnv> = async (c, next) => {
  c.header("Cache-Control", "no-store");
  await next();
  c.header("Cache-Control", "no-store");
};

/**
 * The session calls of spec §7: login, token refresh and reject, logout, password change and reset.
 * Mounted at the API's root (the paths share no prefix), so every middleware is per route.
 */
export const authRoutes = new Hono<ApiEnv>()
  .post("/login", noStore, smallBody, rateLimit((limits) => limits.login, { onlyFailures: true }), async (c) => {
    const { db, config, logger } = c.var.services;
    const { username, password } = await readJsonBody(c, loginSchema);
    const outcome = await attemptLogin(db, username, password);
    logger.info({ requestId: c.var.requestId, ip: clientAddress(c), username, outcome: outcome.kind }, "login attempt");
    if (outcome.kind !== "success") throw new HttpError(401, "USER_LOGIN_FAILED");
    return c.json(await issueTokens(db, config, outcome.user));
  })
  .post("/token/refresh", noStore, smallBody, async (c) => {
    const { db, config, logger } = c.var.services;
    const { refreshToken } = await readJsonBody(c, refreshSchema);
    const now = new Date().toISOString();
    const tokenHash = hashToken(refreshToken);
    const pair = await db.transaction().execute(async (trx) => {
      const consumed = await consumeRefreshToken(trx, tokenHash, now);
      if (consumed) {
        const user = await findUserById(trx, consumed.user_id);
        return user ? issueTokens(trx, config, user, consumed.family_id) : undefined;
      }
      // A used token presented again: it was stolen, or the client was. The whole session ends.
      const known = await findRefreshToken(trx, tokenHash);
      if (known?.used_at && !known.revoked_at) {
        await revokeRefreshFamily(trx, known.family_id, now);
        logger.warn({ requestId: c.var.requestId, userId: known.user_id, sessionId: known.family_id }, "refresh token reused: session revoked");
      }
      return undefined;
    });
    if (!pair) throw unauthorized();
    return c.json(pair);
  })
  .post("/token/reject", noStore, smallBody, async (c) => {
    const { db } = c.var.services;
    const { refreshToken } = await readJsonBody(c, rejectSchema);
    const known = await findRefreshToken(db, hashToken(refreshToken));
    if (known) await db.transaction().execute((trx) => revokeSessions(trx, known.user_id, new Date()));
    return c.body(null, 204);
  })
  .get("/logout", requireAdmin, async (c) => {
    const userId = signedInUserId(c);
    await c.var.services.db.transaction().execute((trx) => revokeSessions(trx, userId, new Date()));
    return c.body(null, 204);
  })
  /** Who the token belongs to: lets the admin screens check a stored token and show the account. */
  .get("/me", requireAdmin, async (c) => {
    const user = await findUserById(c.var.services.db, signedInUserId(c));
    if (!user) throw unauthorized();
    return c.json({ username: user.username, email: user.email });
  })
  .post("/change", requireAdmin, smallBody, async (c) => {
    const { db, config } = c.var.services;
    const input = await readJsonBody(c, changePasswordSchema);
    const user = await findUserById(db, signedInUserId(c));
    if (!user) throw unauthorized();
    if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
      throw new ValidationError([{ msg: "ERROR_OLD_PASSWORD_INCORRECT", path: "oldPassword" }]);
    }
    const passwordHash = await hashPassword(input.newPassword);
    // Every session ends with the old password, this one included; the reply carries its successor.
    const pair = await db.transaction().execute(async (trx) => {
      const now = new Date();
      await setPassword(trx, user.id, passwordHash, now);
      return issueTokens(trx, config, { id: user.id, tokens_valid_after: now.toISOString() });
    });
    return c.json(pair);
  })
  .post("/reset", noStore, smallBody, rateLimit((limits) => limits.reset), async (c) => {
    const { db, config, logger, mail } = c.var.services;
    const { mail: address, lang } = await readJsonBody(c, resetRequestSchema);
    const user = await findUserByEmail(db, address);
    if (user) {
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
      });
      mail.wake();
    }
    logger.info({ requestId: c.var.requestId, known: user !== undefined }, "password reset requested");
    // The same reply whether the address belongs to someone or not.
    return c.body(null, 204);
  })
  .post("/change/verify", noStore, smallBody, rateLimit((limits) => limits.resetVerify), async (c) => {
    const { db } = c.var.services;
    const input = await readJsonBody(c, resetVerifySchema);
    const tokenHash = hashToken(input.token);
    // Checked before the slow hash, and again (atomically) when it is used up.
    if (!(await findUsableReset(db, tokenHash, new Date().toISOString()))) throw new HttpError(400, "ERROR_RESET_TOKEN_INVALID");
    const passwordHash = await hashPassword(input.newPassword);
    const done = await db.transaction().execute(async (trx) => {
      const now = new Date();
      const reset = await consumeReset(trx, tokenHash, now.toISOString());
      if (reset) await setPassword(trx, reset.user_id, passwordHash, now);
      return reset !== undefined;
    });
    if (!done) throw new HttpError(400, "ERROR_RESET_TOKEN_INVALID");
    return c.body(null, 204);
  });
