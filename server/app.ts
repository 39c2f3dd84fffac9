import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { errorMessage } from "../common/errors/error-codes.ts";
import { SMALL_BODY_LIMIT } from "./api/body-sizes.ts";
import { apiRoutes } from "./api/index.ts";
import { limitBodies } from "./http/body-limit.ts";
import { clientAddress } from "./http/client-address.ts";
import { HttpError, ValidationError } from "./core/errors.ts";
import { healthRoutes } from "./http/health.ts";
import type { Metrics } from "./monitoring/metrics.ts";
import { metricsRoutes } from "./monitoring/metrics-route.ts";
import { compressReplies } from "./http/compress-replies.ts";
import { serveRepresentations, type Representations } from "./http/representations.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { mediaRoutes } from "./media/routes.ts";
import { createAuthLimits } from "./auth/rate-limits.ts";
import type { Config } from "./core/config.ts";
import { LEAD_BODY_LIMIT } from "./leads/body-size.ts";
import { createLeadLimits } from "./leads/rate-limits.ts";
import { createAvailabilityLimits } from "./bookings/rate-limits.ts";
import { createPageLimits } from "./pages/rate-limits.ts";
import { createSearchLimits } from "./search/rate-limits.ts";
import { pageBodies } from "./pages/page-bodies.ts";
import { crawlerRoutes } from "./seo/routes.ts";
import { offerLinkPageRoutes } from "./pages/offer-link-page.ts";
import type { ApiEnv, Services } from "./services.ts";
import type { PageHandler } from "./pages/ssr.ts";

export interface AppOptions {
  services: Services;
  /** React Router's renderer; without it, pages answer 503 (API-only test servers). */
  pages?: PageHandler;
  /** build/client held in memory by URL path: hashed assets and public files (server/http/static-files.ts). */
  staticFiles?: Map<string, Representations>;
  /** Prometheus's /metrics, when METRICS_TOKEN is set. */
  metrics?: Metrics;
}

/** The one Hono app: /api, /media, /healthz and /readyz, static assets, and React Router for every other path. */
export function createApp({ services, pages, staticFiles, metrics }: AppOptions): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.use("*", async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    c.set("services", services);
    c.set("requestId", requestId);
    await next();
    // Set on the reply's own headers, as Hono's secureHeaders does: c.header() after the handler
    // would copy the reply into a new one with a streamed body, a slow path of @hono/node-server.
    const headers = c.res.headers;
    headers.set("X-Request-Id", requestId);
    for (const [name, value] of securityHeaders(c.req.path, services.config)) headers.set(name, value);
    services.logger.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });

  // Inside the headers above, so that they are set on the coded reply.
  app.use("*", compressReplies());
  // Every body, on every path and method, counted as it is read: a route's limitBody sets its limit.
  app.use("*", limitBodies(SMALL_BODY_LIMIT));

  app.route("/", healthRoutes);
  if (metrics) app.route("/", metricsRoutes(metrics));
  app.route("/api", apiRoutes);
  app.route("/media", mediaRoutes);
  app.route("/", crawlerRoutes());
  // An offer's personal page: written on the server, never cached, beside React Router's pages.
  app.route("/", offerLinkPageRoutes());

  if (staticFiles) {
    // Known at start and kept in memory in every coding: a page request does not touch the disk.
    app.on(["GET", "HEAD"], "*", (c, next) => {
      const file = staticFiles.get(c.req.path);
      return file ? Promise.resolve(serveRepresentations(c.req.raw, file)) : next();
    });
  }
  // The /contact page's form is the only body a page reads.
  app.use("*", pageBodies(LEAD_BODY_LIMIT));
  app.all("*", async (c) => {
    if (!pages) return c.text("The site is not built: run npm run build.", 503);
    // The request-target as sent: the Request's URL has its dot segments resolved already.
    return pages(c.req.raw, services, c.var.requestId, clientAddress(c, services.config), c.env?.incoming?.url);
  });

  app.onError((error, c) => errorResponse(error, c));
  return app;
}

/**
 * Each feature's rate limits, counted per client address: the sign-in's, the contact requests' and
 * the logged searches' (RATE_LIMIT_WINDOW), the pages' renders (a minute).
 */
export function createRateLimits(
  config: Pick<
    Config,
    | "LOGIN_RATE_LIMIT"
    | "RESET_RATE_LIMIT"
    | "CONTACT_RATE_LIMIT"
    | "CONTACT_NOSCRIPT_RATE_LIMIT"
    | "CONTACT_NOSCRIPT_SITE_LIMIT"
    | "RATE_LIMIT_WINDOW"
    | "PAGE_RENDER_RATE_LIMIT"
  >,
): Services["rateLimits"] {
  return {
    ...createAuthLimits(config),
    ...createLeadLimits(config),
    ...createSearchLimits(config),
    ...createAvailabilityLimits(),
    ...createPageLimits(config),
  };
}

/** The one place that turns a thrown error into a reply: known ones keep their code, the rest are a bare 500. */
function errorResponse(error: Error, c: Context<ApiEnv>): Response {
  if (error instanceof HttpError || error instanceof ValidationError) {
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined)
      c.header("Retry-After", String(error.retryAfterSeconds));
    return c.json(error.body(), error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    // Hono's own refusals: a body over its limit, one that is not JSON (zod-openapi's media-type
    // gate), or one that does not parse; anything else is a plain bad request.
    const [status, code] =
      error.status === 413
        ? ([413, "ERROR_PAYLOAD_TOO_LARGE"] as const)
        : error.status === 415
          ? ([415, "ERROR_UNSUPPORTED_MEDIA_TYPE"] as const)
          : ([400, "ERROR_BAD_REQUEST"] as const);
    return c.json({ error: { code, message: errorMessage(code) } }, status);
  }
  const id = randomUUID();
  c.var.services.logger.error({ err: error, errorId: id, requestId: c.var.requestId }, "unhandled error");
  return c.json({ error: { code: "ERROR_INTERNAL", message: errorMessage("ERROR_INTERNAL"), id } }, 500);
}
