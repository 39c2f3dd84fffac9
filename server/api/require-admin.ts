import type { Context, MiddlewareHandler } from "hono";
import type { ApiEnv } from "../services.ts";
import { HttpError } from "../core/errors.ts";
import { userOfBearer } from "../auth/signed-in.ts";
import type { Actor } from "../activity/activity-log.ts";
import { clientAddress } from "../http/client-address.ts";

/**
 * Guards the admin calls: a bearer token that still grants access (userOfBearer, server/auth/signed-in.ts),
 * or a 401; the user id is left in the context. adminRoute() puts noStore before
 * it, so that no cache keeps an admin reply, a 401 included.
 */
export const requireAdmin: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const userId = await userOfBearer(c.var.services, c.req.header("Authorization"));
  if (!userId) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  c.set("userId", userId);
  await next();
};

/** The user requireAdmin let through; a route without the guard gets a 401 rather than a crash. */
export function signedInUserId(c: Context<ApiEnv>): string {
  if (!c.var.userId) throw new HttpError(401, "ERROR_UNAUTHORIZED");
  return c.var.userId;
}

/** Who acts in this request, for the activity log: the signed-in user and the client's address. */
export function actorOf(c: Context<ApiEnv>): Actor {
  return { userId: signedInUserId(c), address: clientAddress(c, c.var.services.config) };
}
