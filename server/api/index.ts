import { Hono } from "hono";
import { etag } from "hono/etag";
import { HttpError } from "../errors.ts";
import { authRoutes } from "./auth.ts";
import { bannerRoutes } from "./banners.ts";
import { limitBody } from "./body-limit.ts";
import { categoryRoutes } from "./categories.ts";
import { configurationRoutes } from "./configuration.ts";
import type { ApiEnv } from "../http-env.ts";
import { documentationRoutes } from "./documentation.ts";
import { contactRoutes } from "./contact.ts";
import { productRoutes } from "./products.ts";

/** Largest request body accepted before parsing: five 10 MB banners in base64, with room for JSON. */
export const MAX_BODY_BYTES = 70 * 1024 * 1024;

export const apiRoutes = new Hono<ApiEnv>()
  .use(limitBody(MAX_BODY_BYTES))
  .use("*", async (c, next) => {
    await next();
    // Public reads revalidate cheaply with the ETag; nothing here is cached blindly. HEAD mirrors GET.
    if ((c.req.method === "GET" || c.req.method === "HEAD") && !c.res.headers.has("Cache-Control")) {
      c.header("Cache-Control", "public, max-age=0, must-revalidate");
    }
  })
  .use(etag())
  .route("/", authRoutes)
  .route("/category", categoryRoutes)
  .route("/product", productRoutes)
  .route("/banner", bannerRoutes)
  .route("/configuration", configurationRoutes)
  .route("/contact", contactRoutes)
  .get("/version", (c) => c.json(c.var.services.version))
  .route("/", documentationRoutes)
  .all("*", () => {
    throw new HttpError(404, "ERROR_NOT_FOUND");
  });
