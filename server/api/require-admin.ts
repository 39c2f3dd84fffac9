import type { Context, MiddlewareHandler } from "hono";
import { roleHasRight, type Right } from "../../common/team/roles.ts";
import type { ApiEnv } from "../services.ts";
import { HttpError } from "../core/errors.ts";
import { userOfBearer } from "../auth/signed-in.ts";
import { mustEnrolFirst, type Person } from "../auth/second-factor-rule.ts";
import { siteRequiresSecondFactor } from "../catalogue/site-configuration.ts";
import type { Actor } from "../activity/activity-log.ts";
import { clientAddress } from "../http/client-address.ts";

/**
 * Guards the calls of a signed-in person: a bearer token that still grants access (userOfBearer,
 * server/auth/signed-in.ts), or a 401; the user's id, role and session are left in the context.
 * adminRoute() puts noStore before it, so that no cache keeps an admin reply, a 401 included.
 */
export const requireSignedIn: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const user = await userOfBearer(c.var.services, c.req.header("Authorization"));
  if (!user) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  c.set("userId", user.id);
  c.set("role", user.role);
  c.set("sessionId", user.sessionId);
  await next();
};

/**
 * Guards the admin calls: signed in (requireSignedIn), and enrolled in the second factor when
 * Configurare requires it of this person (decision 092), else 403 SECOND_FACTOR_ENROLMENT_REQUIRED.
 */
export const requireAdmin: MiddlewareHandler<ApiEnv> = (c, next) =>
  requireSignedIn(c, async () => {
    await refuseBeforeEnrolment(c);
    await next();
  });

/**
 * 403 SECOND_FACTOR_ENROLMENT_REQUIRED while Configurare requires a second factor of the signed-in
 * person and they have none: the admin calls, and what an enrolment call may do beyond one's own
 * account (another's sessions), wait for it.
 */
export async function refuseBeforeEnrolment(c: Context<ApiEnv>): Promise<void> {
  const { services } = c.var;
  // The setting as the pages read it, once per catalogue version: a save of Configurare renews the
  // version, so the next call here sees it turned on (another instance, within the version cache's age).
  if (await mustEnrolFirst(services.db, signedInPerson(c), () => siteRequiresSecondFactor(services)))
    throw new HttpError(403, "SECOND_FACTOR_ENROLMENT_REQUIRED");
}

/** The session of the signed-in person (its refresh-token family). */
export function signedInSessionId(c: Context<ApiEnv>): string {
  if (!c.var.sessionId) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  return c.var.sessionId;
}

/**
 * The right an operation declares (adminRoute's `right`), checked after requireAdmin: a role without it
 * is answered 403 ERROR_FORBIDDEN before the request's body is read (decision 091). One handler per
 * right, made once.
 */
const rightGuards = new Map<Right, MiddlewareHandler<ApiEnv>>();

export function requireRight(right: Right): MiddlewareHandler<ApiEnv> {
  let guard = rightGuards.get(right);
  if (!guard) {
    guard = async (c, next) => {
      const role = c.var.role;
      if (!role || !roleHasRight(role, right)) throw new HttpError(403, "ERROR_FORBIDDEN");
      await next();
    };
    rightGuards.set(right, guard);
  }
  return guard;
}

/** The user requireAdmin let through; a route without the guard gets a 401 rather than a crash. */
export function signedInUserId(c: Context<ApiEnv>): string {
  if (!c.var.userId) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  return c.var.userId;
}

/** The person requireSignedIn let through, with their role. */
export function signedInPerson(c: Context<ApiEnv>): Person {
  if (!c.var.role) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  return { id: signedInUserId(c), role: c.var.role };
}

/** Who acts in this request, for the activity log: the signed-in user and the client's address. */
export function actorOf(c: Context<ApiEnv>): Actor {
  return { userId: signedInUserId(c), address: clientAddress(c, c.var.services.config) };
}
