import type { Context, MiddlewareHandler } from "hono";
import type { ApiEnv } from "../services.ts";
import { HttpError } from "../core/errors.ts";
import { userOfBearer } from "../auth/signed-in.ts";
import { mustEnrolFirst } from "../auth/second-factor-rule.ts";
import type { Actor } from "../activity/activity-log.ts";
import { clientAddress } from "../http/client-address.ts";

/**
 * Guards the calls of a signed-in person: a bearer token that still grants access (userOfBearer,
 * server/auth/signed-in.ts), or a 401; the user and session ids are left in the context.
 * adminRoute() puts noStore before it, so that no cache keeps an admin reply, a 401 included.
 */
export const requireSignedIn: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const signedIn = await userOfBearer(c.var.services, c.req.header("Authorization"));
  if (!signedIn) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  c.set("userId", signedIn.userId);
  c.set("sessionId", signedIn.sessionId);
  await next();
};

/**
 * Guards the admin calls: signed in (requireSignedIn), and enrolled in the second factor when
 * Configurare requires it of this person (decision 092), else 403 SECOND_FACTOR_ENROLMENT_REQUIRED.
 */
export const requireAdmin: MiddlewareHandler<ApiEnv> = (c, next) =>
  requireSignedIn(c, async () => {
    if (await mustEnrolFirst(c.var.services.db, signedInUserId(c)))
      throw new HttpError(403, "SECOND_FACTOR_ENROLMENT_REQUIRED");
    await next();
  });

/** The session of the signed-in person (its refresh-token family). */
export function signedInSessionId(c: Context<ApiEnv>): string {
  if (!c.var.sessionId) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  return c.var.sessionId;
}

/** The user requireAdmin let through; a route without the guard gets a 401 rather than a crash. */
export function signedInUserId(c: Context<ApiEnv>): string {
  if (!c.var.userId) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  return c.var.userId;
}

/** Who acts in this request, for the activity log: the signed-in user and the client's address. */
export function actorOf(c: Context<ApiEnv>): Actor {
  return { userId: signedInUserId(c), address: clientAddress(c, c.var.services.config) };
}
