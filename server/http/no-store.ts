import type { MiddlewareHandler } from "hono";

/**
 * Replies that no cache may keep (tokens, captcha challenges, health probes): `Cache-Control:
 * no-store` is set before the handler runs, so a refusal it throws carries it too, and again on the
 * reply it returns.
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  c.header("Cache-Control", "no-store");
  await next();
  c.header("Cache-Control", "no-store");
};
