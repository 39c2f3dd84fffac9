import type { VersionView } from "../common/catalogue.ts";
import type { AuthLimits } from "./auth/limits.ts";
import type { AuthServices } from "./auth/services.ts";
import type { CatalogueServices } from "./catalogue/services.ts";
import type { AfterReply } from "./core/after-reply.ts";
import type { LeadLimits } from "./leads/limits.ts";
import type { LeadServices } from "./leads/services.ts";

/**
 * What every request handler and page loader may use; created once per server (server/process/start-server.ts).
 * Each feature declares the part it uses (AuthServices, CatalogueServices, LeadServices), so none of
 * them depends on the whole.
 */
export interface Services extends AuthServices, CatalogueServices, LeadServices {
  /** `draining` is true from the moment the process starts to stop (SIGTERM): /readyz then answers 503. */
  lifecycle: { readonly draining: boolean };
  /** Work started by a request that its reply does not wait for (a password reset's lookup and mail). */
  afterReply: AfterReply;
  version: VersionView;
  /** Each feature's limits, assembled by createRateLimits (server/app.ts). */
  rateLimits: AuthLimits & LeadLimits;
}

/** Hono's typed context: the services, set once per request by the app; the user id, set by requireAdmin. */
export interface ApiEnv {
  Variables: { services: Services; requestId: string; userId?: string };
}
