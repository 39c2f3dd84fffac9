import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
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
import { signedInUserId } from "../auth/require-admin.ts";
import { hashToken, randomToken } from "../auth/secrets.ts";
import { issueTokens, type TokenPair } from "../auth/sessions.ts";
import { enqueueMail } from "../db/repositories/mail-outbox.ts";
import { consumeReset, findUsableReset, insertPasswordReset, retirePendingResets } from "../db/repositories/password-resets.ts";
import { consumeRefreshToken, findRefreshToken, revokeRefreshFamily } from "../db/repositories/refresh-tokens.ts";
import { findUserByEmail, findUserById, revokeSessions, setPassword } from "../db/repositories/users.ts";
import { HttpError, ValidationError } from "../errors.ts";
import { passwordResetMail } from "../mail/templates.ts";
import type { ApiEnv } from "../http-env.ts";
import { limitBody, SMALL_BODY_LIMIT } from "./body-limit.ts";
import { account, tokenPair } from "./reply-schemas.ts";
import { adminRoute, apiRouter, errorReplies, jsonReply, objectBody, publicRoute } from "./route-factory.ts";

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

const throttled = "ERROR_TOO_MANY_REQUESTS: too many attempts from this address; `Retry-After` says when to try again.";

/**
 * The refresh call's `user` is read with `.catch(undefined)` (any value is ignored), which
 * zod-to-openapi cannot convert: the same field schema is described as the optional string it is meant to be.
 */
const refreshBody = refreshSchema.extend({
  user: refreshSchema.shape.user.meta({ type: "string", description: "The user name the client decoded from its token; not used." }),
});

/**
 * The session calls of spec §7: login, token refresh and reject, logout, password change and reset.
 * Mounted at the API's root (the paths share no prefix), so every middleware is per route.
 */
export const authRoutes = apiRouter()
  .openapi(
    publicRoute({
      method: "post",
      path: "/login",
      operationId: "login",
      tags: ["auth"],
      summary: "Log in",
      description: "Trades the admin's user name and password for an access token and a refresh token. Failed attempts are throttled per address.",
      middleware: [noStore, smallBody, rateLimit((limits) => limits.login, { onlyFailures: true })],
      request: { body: objectBody(loginSchema) },
      responses: {
        200: jsonReply("Logged in.", tokenPair),
        ...errorReplies({ 401: "USER_LOGIN_FAILED: wrong user name or password.", 429: throttled }),
      },
    }),
    async (c) => {
      const { db, config, logger } = c.var.services;
      const { username, password } = c.req.valid("json");
      const outcome = await attemptLogin(db, username, password);
      logger.info({ requestId: c.var.requestId, ip: clientAddress(c), username, outcome: outcome.kind }, "login attempt");
      if (outcome.kind !== "success") throw new HttpError(401, "USER_LOGIN_FAILED");
      return c.json(await issueTokens(db, config, outcome.user), 200);
    },
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/token/refresh",
      operationId: "refreshSession",
      tags: ["auth"],
      summary: "Refresh the session",
      description: "Trades a refresh token for a new pair; the old one is used up. Presenting a used token again ends the whole session.",
      middleware: [noStore, smallBody],
      request: { body: objectBody(refreshBody) },
      responses: {
        200: jsonReply("A new token pair.", tokenPair),
        ...errorReplies({ 401: "ERROR_UNAUTHORIZED: the refresh token is unknown, used, expired or revoked." }),
      },
    }),
    async (c) => {
      const { db, config, logger } = c.var.services;
      const { refreshToken } = c.req.valid("json");
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
      return c.json(pair, 200);
    },
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/token/reject",
      operationId: "rejectRefreshToken",
      tags: ["auth"],
      summary: "Reject a refresh token",
      description: "Ends every session of the token's user. An unknown token is accepted silently.",
      middleware: [noStore, smallBody],
      request: { body: objectBody(rejectSchema) },
      responses: { 204: { description: "Done." } },
    }),
    async (c) => {
      const { db } = c.var.services;
      const { refreshToken } = c.req.valid("json");
      const known = await findRefreshToken(db, hashToken(refreshToken));
      if (known) await db.transaction().execute((trx) => revokeSessions(trx, known.user_id, new Date()));
      return c.body(null, 204);
    },
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/logout",
      operationId: "logout",
      tags: ["auth"],
      summary: "Log out",
      description: "Ends every session of the signed-in user.",
      responses: { 204: { description: "Logged out." } },
    }),
    async (c) => {
      const userId = signedInUserId(c);
      await c.var.services.db.transaction().execute((trx) => revokeSessions(trx, userId, new Date()));
      return c.body(null, 204);
    },
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/me",
      operationId: "getAccount",
      tags: ["auth"],
      summary: "The signed-in account",
      description: "Lets the admin screens check a stored token and show who is signed in.",
      responses: { 200: jsonReply("The account.", account) },
    }),
    async (c) => {
      const user = await findUserById(c.var.services.db, signedInUserId(c));
      if (!user) throw unauthorized();
      return c.json({ username: user.username, email: user.email }, 200);
    },
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/change",
      operationId: "changePassword",
      tags: ["auth"],
      summary: "Change the password",
      description: "Every session ends, this one included; the reply carries its successor.",
      middleware: [smallBody],
      request: { body: objectBody(changePasswordSchema) },
      responses: {
        200: jsonReply("Changed; a new token pair.", tokenPair),
        ...errorReplies({
          400: "One `errors` entry per invalid field (ERROR_OLD_PASSWORD_INCORRECT on `oldPassword` when it is wrong), or ERROR_BAD_REQUEST when the body is not JSON.",
        }),
      },
    }),
    async (c) => {
      const { db, config } = c.var.services;
      const input = c.req.valid("json");
      const user = await findUserById(db, signedInUserId(c));
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
        throw new ValidationError([{ msg: "ERROR_OLD_PASSWORD_INCORRECT", path: "oldPassword" }]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      // Every session ends with the old password, this one included; the reply carries its successor.
      const pair: TokenPair = await db.transaction().execute(async (trx) => {
        const now = new Date();
        await setPassword(trx, user.id, passwordHash, now);
        return issueTokens(trx, config, { id: user.id, tokens_valid_after: now.toISOString() });
      });
      return c.json(pair, 200);
    },
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/reset",
      operationId: "requestPasswordReset",
      tags: ["auth"],
      summary: "Ask for a password reset e-mail",
      description: "Mails a reset link, valid for an hour, when the address is the admin's. The reply is the same either way.",
      middleware: [noStore, smallBody, rateLimit((limits) => limits.reset)],
      request: { body: objectBody(resetRequestSchema) },
      responses: { 204: { description: "Accepted." }, ...errorReplies({ 429: throttled }) },
    }),
    async (c) => {
      const { db, config, logger, mail } = c.var.services;
      const { mail: address, lang } = c.req.valid("json");
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
    },
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/change/verify",
      operationId: "resetPassword",
      tags: ["auth"],
      summary: "Set a new password with a reset token",
      description: "The token comes from the reset e-mail's link and works once. Every session ends.",
      middleware: [noStore, smallBody, rateLimit((limits) => limits.resetVerify)],
      request: { body: objectBody(resetVerifySchema) },
      responses: {
        204: { description: "The password is set." },
        ...errorReplies({
          400: "One `errors` entry per invalid field; ERROR_RESET_TOKEN_INVALID when the token is unknown, expired or used; ERROR_BAD_REQUEST when the body is not JSON.",
          429: throttled,
        }),
      },
    }),
    async (c) => {
      const { db } = c.var.services;
      const input = c.req.valid("json");
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
    },
  );
