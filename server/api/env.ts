import type { Services } from "../services.ts";

/** Hono's typed context: the services, set once per request by the app. */
export interface ApiEnv {
  Variables: { services: Services; requestId: string };
}
