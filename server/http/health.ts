import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { Logger } from "../core/logger.ts";
import type { Database } from "../db/schema.ts";
import { migrationState } from "../db/migrate.ts";
import { noStore } from "./no-store.ts";

/** What the probes read of the server's services. */
interface HealthEnv {
  Variables: {
    services: { lifecycle: { readonly draining: boolean }; db: Kysely<Database>; logger: Logger };
    requestId: string;
  };
}

/**
 * The probes a process manager or load balancer asks: /healthz says the process answers (restart
 * it when it does not); /readyz says it can serve (send it traffic): the database answers and has
 * every migration this code needs, and the process is not stopping (while it drains it still
 * answers, but a balancer should send its traffic elsewhere).
 */
export const healthRoutes = new Hono<HealthEnv>()
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
