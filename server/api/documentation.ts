import { Hono } from "hono";
import type { ApiEnv } from "../http-env.ts";
import { docsPageSecurityPolicy, renderDocsPage } from "./docs-page.ts";
import { openApiDocument } from "./openapi.ts";

let page: Promise<string> | undefined;

/** GET /openapi.json and GET /docs, mounted by server/api/index.ts. */
export const documentationRoutes = new Hono<ApiEnv>()
  .get("/openapi.json", (c) => c.json(openApiDocument()))
  .get("/docs", async (c) => {
    page ??= renderDocsPage(openApiDocument());
    c.header("Content-Security-Policy", docsPageSecurityPolicy);
    return c.html(await page);
  });
