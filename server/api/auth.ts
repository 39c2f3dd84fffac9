import {
  changePasswordSchema,
  loginSchema,
  refreshSchema,
  rejectSchema,
  resetRequestSchema,
  resetVerifySchema,
} from "../../common/schemas/auth.ts";
import { attemptLogin } from "../auth/login.ts";
import { changePassword } from "../auth/password-change.ts";
import { RESET_TOKEN_MINUTES, requestPasswordReset, resetPassword } from "../auth/password-reset.ts";
import type { AuthLimits } from "../auth/rate-limits.ts";
import { rateLimit } from "../http/rate-limit-middleware.ts";
import { rejectRefreshToken, rotateRefreshToken } from "../auth/refresh.ts";
import { actorOf, signedInUserId } from "./require-admin.ts";
import { endSessions, issueTokens } from "../auth/sessions.ts";
import { accountOf } from "../auth/signed-in.ts";
import { clientAddress } from "../http/client-address.ts";
import { HttpError } from "../core/errors.ts";
import { noStore } from "../http/no-store.ts";
import { limitBody } from "../http/body-limit.ts";
import { SMALL_BODY_LIMIT } from "./body-sizes.ts";
import { account, tokenPair } from "./reply-schemas.ts";
import {
  adminRoute,
  apiRouter,
  enrolmentRoute,
  errorReplies,
  jsonReply,
  objectBody,
  publicRoute,
} from "./route-factory.ts";
import { codeChallenge } from "./security-replies.ts";
import { sessionClientOf } from "./session-client.ts";
import { loginCodeSchema } from "../../common/schemas/second-factor.ts";
import { issueChallenge } from "../auth/login-challenge.ts";
import { signInWithCode } from "../auth/second-factor-login.ts";
import { z } from "zod";

const unauthorized = () => new HttpError(401, "ERROR_UNAUTHORIZED");

/** Credentials are small: anything bigger is refused before it is read or hashed. */
const smallBody = limitBody(SMALL_BODY_LIMIT);

const throttled = "ERROR_TOO_MANY_REQUESTS: too many attempts from this address; `Retry-After` says when to try again.";

/**
 * The refresh call's `user` is read with `.catch(undefined)` (any value is ignored), which
 * zod-to-openapi cannot convert: the same field schema is described as the optional string it is meant to be.
 */
const refreshBody = refreshSchema.extend({
  user: refreshSchema.shape.user.meta({
    type: "string",
    description: "The user name the client decoded from its token; not used.",
  }),
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
      description:
        "Trades the admin's user name and password for an access token and a refresh token. Failed attempts are throttled per address, and each account checks at most 5 passwords per address per 15 minutes and 100 per hour (50 from addresses that have not logged in to it); beyond that the attempt is refused as a wrong password would be.",
      middleware: [noStore, smallBody, rateLimit((limits: AuthLimits) => limits.login, { onlyFailures: true })],
      request: { body: objectBody(loginSchema) },
      responses: {
        200: jsonReply(
          "Logged in; or, for an account with a second factor, a challenge to send with a code to /api/login/code.",
          z.union([tokenPair, codeChallenge]),
        ),
        ...errorReplies({ 401: "USER_LOGIN_FAILED: wrong user name or password.", 429: throttled }),
      },
    }),
    async (c) => {
      const { db, config, logger } = c.var.services;
      const { username, password } = c.req.valid("json");
      const ip = clientAddress(c, config);
      const outcome = await attemptLogin(db, username, password, ip);
      // The outcome only: a typed user name is often a password or another site's account (decision 073).
      logger.info({ requestId: c.var.requestId, ip, outcome: outcome.kind }, "login attempt");
      if (outcome.kind === "code_needed") return c.json(await issueChallenge(db, outcome.user.id), 200);
      if (outcome.kind !== "success") throw new HttpError(401, "USER_LOGIN_FAILED");
      return c.json(await issueTokens(db, config, outcome.user, undefined, sessionClientOf(c)), 200);
    },
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/login/code",
      operationId: "loginWithCode",
      tags: ["auth"],
      summary: "Log in: the second factor's code",
      description:
        "The step after the password for an account with a second factor: the challenge the password step gave, with a six-digit code of the authenticator app (`code`; a clock one step off is accepted, a code is accepted once) or one of the account's recovery codes (`recoveryCode`, each works once). Each try counts toward the account's login lockout as a password does.",
      middleware: [noStore, smallBody, rateLimit((limits: AuthLimits) => limits.login, { onlyFailures: true })],
      request: { body: objectBody(loginCodeSchema) },
      responses: {
        200: jsonReply("Logged in.", tokenPair),
        ...errorReplies({
          401: "SECOND_FACTOR_CHALLENGE_INVALID: the challenge is unknown, expired or used; SECOND_FACTOR_CODE_INVALID: a wrong code; SECOND_FACTOR_CODE_REUSED: this code (its time step) was already accepted; SECOND_FACTOR_RECOVERY_CODE_INVALID: an unknown or used recovery code.",
          429: "ERROR_TOO_MANY_REQUESTS: the account is locked after wrong passwords or codes, or this address made too many failed calls.",
        }),
      },
    }),
    async (c) => {
      const pair = await signInWithCode(c.var.services, c.req.valid("json"), sessionClientOf(c));
      return c.json(pair, 200);
    },
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/token/refresh",
      operationId: "refreshSession",
      tags: ["auth"],
      summary: "Refresh the session",
      description:
        "Trades a refresh token for a new pair; the old one is used up. Presenting a used token again ends the whole session. A session lasts at most SESSION_MAX_AGE after its login, however often it is refreshed.",
      middleware: [noStore, smallBody],
      request: { body: objectBody(refreshBody) },
      responses: {
        200: jsonReply("A new token pair.", tokenPair),
        ...errorReplies({ 401: "ERROR_UNAUTHORIZED: the refresh token is unknown, used, expired or revoked." }),
      },
    }),
    async (c) => {
      const pair = await rotateRefreshToken(
        c.var.services,
        c.req.valid("json").refreshToken,
        c.var.requestId,
        sessionClientOf(c),
      );
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
      description:
        "Ends the session of this refresh token while the token is current (unused, unrevoked, unexpired); any other token changes nothing.",
      middleware: [noStore, smallBody],
      request: { body: objectBody(rejectSchema) },
      responses: { 204: { description: "Done." } },
    }),
    async (c) => {
      await rejectRefreshToken(c.var.services.db, c.req.valid("json").refreshToken);
      return c.body(null, 204);
    },
  )
  .openapi(
    enrolmentRoute({
      method: "get",
      path: "/logout",
      operationId: "logout",
      right: "account",
      tags: ["auth"],
      summary: "Log out",
      description: "Ends every session of the signed-in user.",
      responses: { 204: { description: "Logged out." } },
    }),
    async (c) => {
      await endSessions(c.var.services.db, signedInUserId(c));
      return c.body(null, 204);
    },
  )
  .openapi(
    enrolmentRoute({
      method: "get",
      path: "/me",
      operationId: "getAccount",
      right: "account",
      tags: ["auth"],
      summary: "The signed-in account",
      description: "Lets the admin screens check a stored token and show who is signed in.",
      responses: { 200: jsonReply("The account.", account) },
    }),
    async (c) => {
      const signedIn = await accountOf(c.var.services, signedInUserId(c));
      if (!signedIn) throw unauthorized();
      return c.json(signedIn, 200);
    },
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/change",
      operationId: "changePassword",
      right: "account",
      tags: ["auth"],
      summary: "Change the password",
      description:
        "Every session ends, this one included, and reset links still outstanding stop working; the reply carries the successor of this session. Wrong current passwords count toward the account's lockout.",
      middleware: [smallBody, rateLimit((limits: AuthLimits) => limits.change, { onlyFailures: true })],
      request: { body: objectBody(changePasswordSchema) },
      responses: {
        200: jsonReply("Changed; a new token pair.", tokenPair),
        ...errorReplies({
          400: "One `errors` entry per invalid field (ERROR_OLD_PASSWORD_INCORRECT on `oldPassword` when it is wrong, INVALID_PASSWORD_COMMON on `newPassword` for a common password), or ERROR_BAD_REQUEST when the body is not JSON.",
          429: "ERROR_TOO_MANY_REQUESTS: the account is locked after wrong passwords, or this address made too many failed calls.",
        }),
      },
    }),
    async (c) => c.json(await changePassword(c.var.services, actorOf(c), c.req.valid("json"), sessionClientOf(c)), 200),
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/reset",
      operationId: "requestPasswordReset",
      tags: ["auth"],
      summary: "Ask for a password reset e-mail",
      description: `Mails a reset link, valid for ${RESET_TOKEN_MINUTES} minutes, when the address is the admin's. The reply is the same either way.`,
      middleware: [noStore, smallBody, rateLimit((limits: AuthLimits) => limits.reset)],
      request: { body: objectBody(resetRequestSchema) },
      responses: { 204: { description: "Accepted." }, ...errorReplies({ 429: throttled }) },
    }),
    async (c) => {
      const { mail, lang } = c.req.valid("json");
      const { services, requestId } = c.var;
      // Answered before the address is even looked up: the same reply, in the same time, whether
      // it belongs to someone or not (a known one used to take twice as long, for its mail).
      services.afterReply.run("password reset", async () => {
        const known = await requestPasswordReset(services, mail, lang, clientAddress(c, services.config));
        services.logger.info({ requestId, known }, "password reset requested");
      });
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
      middleware: [noStore, smallBody, rateLimit((limits: AuthLimits) => limits.resetVerify)],
      request: { body: objectBody(resetVerifySchema) },
      responses: {
        204: { description: "The password is set." },
        ...errorReplies({
          400: "One `errors` entry per invalid field (INVALID_PASSWORD_COMMON for a common password); ERROR_RESET_TOKEN_INVALID when the token is unknown, expired or used; ERROR_BAD_REQUEST when the body is not JSON.",
          429: throttled,
        }),
      },
    }),
    async (c) => {
      const { token, newPassword } = c.req.valid("json");
      await resetPassword(c.var.services, token, newPassword, clientAddress(c, c.var.services.config));
      return c.body(null, 204);
    },
  );
