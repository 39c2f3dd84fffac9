import type { Context } from "hono";
import { roleHasRight } from "../../common/team/roles.ts";
import { HttpError } from "../core/errors.ts";
import type { ApiEnv } from "../services.ts";
import { z } from "zod";
import {
  currentPasswordSchema,
  secondFactorCodeSchema,
  sessionOwnerQuerySchema,
} from "../../common/schemas/second-factor.ts";
import type { AuthLimits } from "../auth/rate-limits.ts";
import {
  beginEnrolment,
  confirmEnrolment,
  disableSecondFactor,
  regenerateRecoveryCodes,
  secondFactorSummary,
} from "../auth/second-factor-enrolment.ts";
import { endSessionsOf, sessionsOf } from "../auth/session-list.ts";
import { limitBody } from "../http/body-limit.ts";
import { rateLimit } from "../http/rate-limit-middleware.ts";
import { SMALL_BODY_LIMIT } from "./body-sizes.ts";
import { actorOf, refuseBeforeEnrolment, signedInPerson, signedInSessionId, signedInUserId } from "./require-admin.ts";
import { apiRouter, enrolmentRoute, errorReplies, jsonReply, objectBody } from "./route-factory.ts";
import { enrolment, recoveryCodes, secondFactorSummary as summaryReply, sessionView } from "./security-replies.ts";

const smallBody = limitBody(SMALL_BODY_LIMIT);
/** Wrong codes and passwords here are throttled per address as the password change's are. */
const failuresLimited = rateLimit((limits: AuthLimits) => limits.change, { onlyFailures: true });
const PASSWORD_ERRORS = {
  400: "ERROR_OLD_PASSWORD_INCORRECT on `password` when it is wrong; REQUIRED_PASSWORD when missing.",
  409: "SECOND_FACTOR_NOT_ENABLED: there is no second factor to change.",
  429: "ERROR_TOO_MANY_REQUESTS: the account is locked after wrong passwords, or this address made too many failed calls.",
} as const;

const sessionParams = z.object({ id: z.string().max(100).meta({ description: "The session's id." }) });

/**
 * The signed-in person's security (decision 092): the second factor (enrol, confirm, recovery codes,
 * turn off) and the open sessions. Every call answers before enrolment too (enrolmentRoute), so that
 * a person Configurare requires to enrol can do it.
 */
/**
 * Whose sessions a call reads or ends: the signed-in person's, or another account's for a role that holds
 * the team's right (decision 091) and has enrolled the second factor Configurare requires of it (these
 * calls answer before enrolment for one's own account only); any other role is refused 403.
 */
async function sessionOwner(c: Context<ApiEnv>, asked: string | undefined): Promise<string> {
  const own = signedInUserId(c);
  if (asked === undefined || asked === own) return own;
  if (!roleHasRight(signedInPerson(c).role, "team")) throw new HttpError(403, "ERROR_FORBIDDEN");
  await refuseBeforeEnrolment(c);
  return asked;
}

export const securityRoutes = apiRouter()
  .openapi(
    enrolmentRoute({
      right: "account",
      method: "get",
      path: "/second-factor",
      operationId: "getSecondFactor",
      tags: ["auth"],
      summary: "The second factor's state",
      responses: { 200: jsonReply("Whether it is on, required, and the recovery codes left.", summaryReply) },
    }),
    async (c) => c.json(await secondFactorSummary(c.var.services.db, signedInPerson(c)), 200),
  )
  .openapi(
    enrolmentRoute({
      right: "account",
      method: "post",
      path: "/second-factor/enrolment",
      operationId: "startSecondFactorEnrolment",
      tags: ["auth"],
      summary: "Start enrolling a second factor",
      description:
        "A new TOTP secret, as text and as a QR code for an authenticator app; it works once confirmed with a first code. Starting again replaces a secret not yet confirmed.",
      responses: {
        200: jsonReply("The secret, shown once.", enrolment),
        ...errorReplies({ 409: "SECOND_FACTOR_ALREADY_ENABLED: turn the second factor off first." }),
      },
    }),
    async (c) => c.json(await beginEnrolment(c.var.services, actorOf(c)), 200),
  )
  .openapi(
    enrolmentRoute({
      right: "account",
      method: "post",
      path: "/second-factor/confirm",
      operationId: "confirmSecondFactor",
      tags: ["auth"],
      summary: "Confirm the enrolment with a first code",
      description:
        "The second factor is on from now, and ten recovery codes are made; they are shown in this reply only. Every other session of the account ends " +
        "(one opened with a stolen password before the factor must not stay open). A wrong code changes nothing.",
      middleware: [smallBody, failuresLimited],
      request: { body: objectBody(secondFactorCodeSchema) },
      responses: {
        200: jsonReply("On; the recovery codes.", recoveryCodes),
        ...errorReplies({
          400: "SECOND_FACTOR_CODE_INVALID on `code`: not a current code of the new secret; REQUIRED_SECOND_FACTOR_CODE, INVALID_SECOND_FACTOR_CODE.",
          409: "SECOND_FACTOR_ALREADY_ENABLED; SECOND_FACTOR_ENROLMENT_NOT_STARTED: no enrolment waits for its code.",
          429: "ERROR_TOO_MANY_REQUESTS: this address made too many failed calls.",
        }),
      },
    }),
    async (c) => {
      const actor = { ...actorOf(c), sessionId: signedInSessionId(c) };
      return c.json(await confirmEnrolment(c.var.services, actor, c.req.valid("json").code), 200);
    },
  )
  .openapi(
    enrolmentRoute({
      right: "account",
      method: "post",
      path: "/second-factor/recovery-codes",
      operationId: "renewRecoveryCodes",
      tags: ["auth"],
      summary: "New recovery codes",
      description: "Ten new codes, shown in this reply only; the old ones stop working. Asks for the current password.",
      middleware: [smallBody, failuresLimited],
      request: { body: objectBody(currentPasswordSchema) },
      responses: { 200: jsonReply("The new codes.", recoveryCodes), ...errorReplies(PASSWORD_ERRORS) },
    }),
    async (c) => c.json(await regenerateRecoveryCodes(c.var.services, actorOf(c), c.req.valid("json").password), 200),
  )
  .openapi(
    enrolmentRoute({
      right: "account",
      method: "post",
      path: "/second-factor/disable",
      operationId: "disableSecondFactor",
      tags: ["auth"],
      summary: "Turn the second factor off",
      description: "Asks for the current password; the secret and the recovery codes are forgotten.",
      middleware: [smallBody, failuresLimited],
      request: { body: objectBody(currentPasswordSchema) },
      responses: { 204: { description: "Off." }, ...errorReplies(PASSWORD_ERRORS) },
    }),
    async (c) => {
      await disableSecondFactor(c.var.services, actorOf(c), c.req.valid("json").password);
      return c.body(null, 204);
    },
  )
  .openapi(
    enrolmentRoute({
      right: "account",
      method: "get",
      path: "/sessions",
      operationId: "listSessions",
      tags: ["auth"],
      summary: "Open sessions",
      description:
        "The signed-in person's open sessions, or another account's (`userId`, for an administrator), the most recently used first.",
      request: { query: sessionOwnerQuerySchema },
      responses: {
        200: jsonReply("The sessions.", z.array(sessionView)),
        ...errorReplies({ 404: "SESSION_USER_NOT_FOUND: no account has this id." }),
      },
    }),
    async (c) => {
      const userId = await sessionOwner(c, c.req.valid("query").userId);
      return c.json(await sessionsOf(c.var.services.db, userId, signedInSessionId(c)), 200);
    },
  )
  .openapi(
    enrolmentRoute({
      right: "account",
      method: "post",
      path: "/sessions/{id}/end",
      operationId: "endSession",
      tags: ["auth"],
      summary: "End a session",
      description:
        "The session's refresh token stops working and its access token is refused at its next call. `userId`: another account's session (for an administrator).",
      request: { params: sessionParams, query: sessionOwnerQuerySchema },
      responses: {
        204: { description: "Ended." },
        ...errorReplies({
          404: "SESSION_NOT_FOUND: no open session of this account has this id; SESSION_USER_NOT_FOUND.",
        }),
      },
    }),
    async (c) => {
      const userId = await sessionOwner(c, c.req.valid("query").userId);
      const actor = { ...actorOf(c), sessionId: signedInSessionId(c) };
      await endSessionsOf(c.var.services.db, actor, userId, { sessionId: c.req.valid("param").id });
      return c.body(null, 204);
    },
  )
  .openapi(
    enrolmentRoute({
      right: "account",
      method: "post",
      path: "/sessions/end-others",
      operationId: "endOtherSessions",
      tags: ["auth"],
      summary: "End every other session",
      description:
        "Every open session of the signed-in person but this one; with `userId`, every session of that account (for an administrator).",
      request: { query: sessionOwnerQuerySchema },
      responses: {
        200: jsonReply("How many ended.", z.object({ ended: z.number().int() })),
        ...errorReplies({ 404: "SESSION_USER_NOT_FOUND: no account has this id." }),
      },
    }),
    async (c) => {
      const userId = await sessionOwner(c, c.req.valid("query").userId);
      const actor = { ...actorOf(c), sessionId: signedInSessionId(c) };
      return c.json({ ended: await endSessionsOf(c.var.services.db, actor, userId, "others") }, 200);
    },
  );
