import { Hono } from "hono";
import { HttpError } from "../core/errors.ts";
import type { Metrics } from "./metrics.ts";

/**
 * GET /metrics for Prometheus, only with `Authorization: Bearer METRICS_TOKEN` (decision 086): a
 * scrape without it is refused with 401 before anything is read. Mounted only when the token is set.
 */
export function metricsRoutes(metrics: Metrics): Hono {
  return new Hono().get("/metrics", async (c) => {
    if (!metrics.allowed(c.req.header("Authorization"))) throw new HttpError(401, "ERROR_UNAUTHORIZED");
    const { text, contentType } = await metrics.render();
    return c.body(text, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });
}
