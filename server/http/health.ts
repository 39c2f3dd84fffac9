import { Hono } from "hono";
import type { ApiEnv } from "../http-env.ts";
import { migrationState } from "../db/migrate.ts";
import { noStore } from "./no-store.ts";

/**
 * The probes a process manager or load balancer asks: /healthz says the process answers (restart
 * it when it does not); /readyz says it can serve (send it traffic): the database answers and has
 * every migration this code needs, and the process is not stopping (while it drains it still
 * answers, but a balancer should send its traffic elsewhere).
 */
export const healthRoutes = new Hono<ApiEnv>()
  .get("/healthz", noStore, (c) => c.json({ status: "ok" }, 200))
  .get("/readyz", noStore, async (c) => {
    if (c.var.services.lifecycle.draining) return c.json({ status: "unavailable", reason: "draining" }, 503);
    let pending: string[];
    try {
      ({ pending } = await migrationState(c.var.services.db));
    } catch (error) {
      c.var.services.logger.warn({ err: error, requestId: c.var.requestId }, "readiness: database unreachable");
      return c.json({ status: "unavailable", reason: "database" }, 503);
    }
    if (pending.length > 0) return c.json({ status: "unavailable", reason: "migrations", pending }, 503);
    return c.json({ status: "ready" }, 200);
  });
