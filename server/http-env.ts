import type { HttpBindings } from "@hono/node-server";
import type { Services } from "./services.ts";

/**
 * Hono's typed context: the services, set once per request by the app; the user id, set by
 * requireAdmin. The bindings are node:http's request and reply (none when the app is called in
 * process, as some unit tests do).
 */
export interface ApiEnv {
  Bindings: Partial<HttpBindings> | undefined;
  Variables: { services: Services; requestId: string; userId?: string };
}
