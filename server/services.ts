import type { HttpBindings } from "@hono/node-server";
import type { VersionView } from "../common/catalogue/catalogue-views.ts";
import type { Role } from "../common/team/roles.ts";
import type { AuthLimits } from "./auth/rate-limits.ts";
import type { AuthServices } from "./auth/services.ts";
import type { CatalogueServices } from "./catalogue/services.ts";
import type { AfterReply } from "./core/after-reply.ts";
import type { LeadLimits } from "./leads/rate-limits.ts";
import type { LeadServices } from "./leads/services.ts";
import type { RateLimiter } from "./http/rate-limiter.ts";
import type { SearchLimits } from "./search/rate-limits.ts";
import type { AvailabilityLimits } from "./bookings/rate-limits.ts";
import type { CatalogueSearch } from "./search/search-service.ts";
import type { WorkPool } from "./work/work-pool.ts";
import type { HourlyCounts } from "./core/hourly-counts.ts";
import { picturePool } from "./media/picture-pool.ts";

/**
 * What every request handler and page loader may use; created once per server (server/process/start-server.ts).
 * Each feature declares the part it uses (AuthServices, BookingServices, CatalogueServices, LeadServices,
 * TrashServices), so none of them depends on the whole.
 */
export interface Services extends AuthServices, CatalogueServices, LeadServices {
  /** `draining` is true from the moment the process starts to stop (SIGTERM): /readyz then answers 503. */
  lifecycle: { readonly draining: boolean };
  /** Work started by a request that its reply does not wait for (a password reset's lookup and mail). */
  afterReply: AfterReply;
  version: VersionView;
  /** The catalogue's search index and the log of searches without results (decision 060). */
  search: CatalogueSearch;
  /**
   * Each feature's limits, assembled by createRateLimits (server/app.ts); the pages'
   * (server/pages/rate-limits.ts) are the renders' budget and the refused requests' log lines.
   */
  rateLimits: AuthLimits &
    LeadLimits &
    SearchLimits &
    AvailabilityLimits & { pageRenders: RateLimiter; pageRefusalLogs: RateLimiter };
  /**
   * Heavy work off the server's thread, in child processes within bounds (decision 067): the spec
   * sheets' drawing, the import's reading of its file, the nightly backup's copy and check.
   */
  work: { specSheets: WorkPool; imports: WorkPool; backups: WorkPool };
  /**
   * This instance's counts for the Stare page, /metrics and the alerts (decision 087): its error log
   * lines by kind (countedLogger), its 429s by limiter (countedLimits).
   */
  counts: { errors: HourlyCounts; rateLimitHits: HourlyCounts };
}

/** Every work pool of the process by the name the Stare page, /metrics and the alerts give it. */
export function workPools(work: Services["work"]): Record<string, WorkPool> {
  return { sheets: work.specSheets, pictures: picturePool, imports: work.imports, backups: work.backups };
}

/**
 * Hono's typed context: the services, set once per request by the app; the user id, set by
 * requireAdmin. The bindings are node:http's request and reply (none when the app is called in
 * process, as some unit tests do).
 */
export interface ApiEnv {
  Bindings: Partial<HttpBindings> | undefined;
  Variables: { services: Services; requestId: string; userId?: string; sessionId?: string; role?: Role };
}
