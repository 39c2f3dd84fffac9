import { z } from "zod";
import { docsPageSecurityPolicy, renderDocsPage } from "./docs-page.ts";
import type { OpenApiDocument } from "./openapi.ts";
import { apiRouter, publicRoute } from "./route-factory.ts";

/**
 * GET /openapi.json and GET /docs, mounted by server/api/index.ts, which hands over the document
 * of the routes mounted beside them (built once, on first use: routes do not change at run time).
 */
export function documentationRoutes(documentOf: () => OpenApiDocument) {
  let page: Promise<string> | undefined;
  return apiRouter()
    .openapi(
      publicRoute({
        method: "get",
        path: "/openapi.json",
        operationId: "getOpenApiDocument",
        tags: ["documentation"],
        summary: "This API as an OpenAPI 3.1 document",
        responses: {
          200: {
            description: "The document.",
            content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
          },
        },
      }),
      (c) => c.json(documentOf(), 200),
    )
    .openapi(
      publicRoute({
        method: "get",
        path: "/docs",
        operationId: "getApiDocsPage",
        tags: ["documentation"],
        summary: "This API as a web page",
        responses: { 200: { description: "The page.", content: { "text/html": { schema: z.string() } } } },
      }),
      async (c) => {
        page ??= renderDocsPage(documentOf());
        c.header("Content-Security-Policy", docsPageSecurityPolicy);
        return c.html(await page, 200);
      },
    );
}
