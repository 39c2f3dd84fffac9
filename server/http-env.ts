import type { Services } from "./services.ts";

/** Hono's typed context: the services, set once per request by the app; the user id, set by requireAdmin. */
export interface ApiEnv {
  Variables: { services: Services; requestId: string; userId?: string };
}
