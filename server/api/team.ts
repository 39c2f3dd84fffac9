import {
  accountSchema,
  invitationAcceptSchema,
  inviteSchema,
  profileSchema,
  teamListSchema,
  teamMemberSchema,
  teamUpdateSchema,
} from "../../common/team/team-schemas.ts";
import type { AuthLimits } from "../auth/rate-limits.ts";
import { accountOf } from "../auth/signed-in.ts";
import { HttpError } from "../core/errors.ts";
import { limitBody } from "../http/body-limit.ts";
import { clientAddress } from "../http/client-address.ts";
import { noStore } from "../http/no-store.ts";
import { rateLimit } from "../http/rate-limit-middleware.ts";
import {
  acceptInvitation,
  deactivateMember,
  INVITATION_HOURS,
  inviteMember,
  reactivateMember,
  teamMembers,
  updateMember,
  updateProfile,
} from "../users/team.ts";
import { SMALL_BODY_LIMIT } from "./body-sizes.ts";
import { actorOf } from "./require-admin.ts";
import { adminRoute, apiRouter, errorReplies, idParams, jsonReply, objectBody, publicRoute } from "./route-factory.ts";

const smallBody = limitBody(SMALL_BODY_LIMIT);
const member = teamMemberSchema.meta({ id: "TeamMember" });
const notFound = "ERROR_TEAM_USER_NOT_FOUND: no account has this id.";
const lastAdministrator =
  "ERROR_LAST_ADMINISTRATOR: the account is the last active administrator; at least one must remain.";

/** The team's accounts (decision 091), mounted at the API's root: /users, PUT /me, /invitation/accept. */
export const teamRoutes = apiRouter()
  .openapi(
    adminRoute({
      method: "get",
      path: "/users",
      operationId: "listTeam",
      right: "team",
      tags: ["team"],
      summary: "The team's accounts",
      description:
        "Every account with its name, user name, e-mail and role; whether it is active, and whether its invitation is still to be accepted.",
      responses: { 200: jsonReply("The accounts, by user name.", teamListSchema.meta({ id: "TeamList" })) },
    }),
    async (c) => c.json({ users: await teamMembers(c.var.services.db) }, 200),
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/users",
      operationId: "inviteTeamMember",
      right: "team",
      tags: ["team"],
      summary: "Invite a person",
      description: `Makes the account (no password yet) and mails a link to choose one, valid ${INVITATION_HOURS} hours and once. User names are unique whatever their capitals or diacritics.`,
      middleware: [smallBody],
      request: { body: objectBody(inviteSchema) },
      responses: {
        201: jsonReply("Invited.", member),
        ...errorReplies({
          400: "One `errors` entry per invalid field (TEAM_USERNAME_TAKEN on `username`, TEAM_EMAIL_TAKEN on `email`), or ERROR_BAD_REQUEST when the body is not JSON.",
        }),
      },
    }),
    async (c) => c.json(await inviteMember(c.var.services, actorOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    adminRoute({
      method: "put",
      path: "/users/{id}",
      operationId: "updateTeamMember",
      right: "team",
      tags: ["team"],
      summary: "Change a person's name or role",
      description: "A field left out is kept. The new role counts from the person's next call.",
      middleware: [smallBody],
      request: { params: idParams, body: objectBody(teamUpdateSchema) },
      responses: {
        200: jsonReply("Changed.", member),
        ...errorReplies({ 404: notFound, 409: lastAdministrator }),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await updateMember(c.var.services.db, actorOf(c), id, c.req.valid("json")), 200);
    },
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/users/{id}/deactivate",
      operationId: "deactivateTeamMember",
      right: "team",
      tags: ["team"],
      summary: "Deactivate an account",
      description:
        "The account can no longer sign in; its sessions end (its access tokens are refused from their next call), its links stop working. Its Jurnal entries keep its name.",
      request: { params: idParams },
      responses: {
        200: jsonReply("Deactivated (or already so).", member),
        ...errorReplies({ 404: notFound, 409: lastAdministrator }),
      },
    }),
    async (c) => c.json(await deactivateMember(c.var.services.db, actorOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/users/{id}/reactivate",
      operationId: "reactivateTeamMember",
      right: "team",
      tags: ["team"],
      summary: "Reactivate an account",
      description: "The account signs in again with its password.",
      request: { params: idParams },
      responses: { 200: jsonReply("Active.", member), ...errorReplies({ 404: notFound }) },
    }),
    async (c) => c.json(await reactivateMember(c.var.services.db, actorOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    adminRoute({
      method: "put",
      path: "/me",
      operationId: "updateAccount",
      right: "account",
      tags: ["team"],
      summary: "Change one's own name and e-mail",
      description:
        "The e-mail is where the password reset is mailed; no two accounts share one. A new e-mail needs the current `password` " +
        "(REQUIRED_OLD_PASSWORD, ERROR_OLD_PASSWORD_INCORRECT on `password`, counted in the login's lockout: 429), and the former address is mailed a notice.",
      middleware: [smallBody],
      request: { body: objectBody(profileSchema) },
      responses: {
        200: jsonReply("The account.", accountSchema.meta({ id: "AccountProfile" })),
        ...errorReplies({
          400: "One `errors` entry per invalid field (TEAM_EMAIL_TAKEN on `email`; REQUIRED_OLD_PASSWORD, ERROR_OLD_PASSWORD_INCORRECT on `password`), or ERROR_BAD_REQUEST when the body is not JSON.",
          429: "ERROR_TOO_MANY_REQUESTS: too many wrong passwords for this account or address.",
        }),
      },
    }),
    async (c) => {
      const actor = actorOf(c);
      const userId = actor.userId ?? "";
      await updateProfile(c.var.services, { ...actor, userId }, c.req.valid("json"));
      const account = await accountOf(c.var.services, userId);
      if (!account) throw new HttpError(401, "ERROR_UNAUTHORIZED");
      return c.json(account, 200);
    },
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/invitation/accept",
      operationId: "acceptInvitation",
      tags: ["team"],
      summary: "Choose the first password with an invitation's token",
      description: `The token comes from the invitation e-mail's link; it works once, within ${INVITATION_HOURS} hours.`,
      middleware: [noStore, smallBody, rateLimit((limits: AuthLimits) => limits.resetVerify)],
      request: { body: objectBody(invitationAcceptSchema) },
      responses: {
        204: { description: "The password is set; the person signs in." },
        ...errorReplies({
          400: "One `errors` entry per invalid field (INVALID_PASSWORD_COMMON for a common password); ERROR_INVITATION_INVALID when the token is unknown, expired, used or its account deactivated; ERROR_BAD_REQUEST when the body is not JSON.",
          429: "ERROR_TOO_MANY_REQUESTS: too many attempts from this address; `Retry-After` says when to try again.",
        }),
      },
    }),
    async (c) => {
      const { token, newPassword } = c.req.valid("json");
      await acceptInvitation(c.var.services, token, newPassword, clientAddress(c, c.var.services.config));
      return c.body(null, 204);
    },
  );
