import type { OpenAPIHono } from "@hono/zod-openapi";
import packageJson from "../../package.json" with { type: "json" };
import type { ApiEnv } from "../services.ts";
import { API_TAGS } from "./route-factory.ts";

/** Where server/app.ts mounts the API: the document's one server, its paths relative to it. */
export const API_BASE_PATH = "/api";

export type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

/**
 * zod-to-openapi writes a RegExp with its flags (`^…$/u`); a JSON Schema pattern has none. `u` is
 * how JSON Schema reads patterns anyway, so it is dropped; a pattern needing another flag (`i`)
 * would describe a different rule, so it is left out.
 */
function portablePatterns(node: unknown): void {
  if (typeof node !== "object" || node === null) return;
  if (Array.isArray(node)) {
    node.forEach(portablePatterns);
    return;
  }
  const record = node as Record<string, unknown>;
  const flagged = typeof record.pattern === "string" ? /^(.*)\/([dgimsuvy]+)$/s.exec(record.pattern) : null;
  if (flagged) {
    if (flagged[2] === "u") record.pattern = flagged[1];
    else delete record.pattern;
  }
  Object.values(record).forEach(portablePatterns);
}

/** The OpenAPI 3.1 document of every route `api` declares with createRoute (server/api/route-factory.ts). */
export function buildOpenApiDocument(api: OpenAPIHono<ApiEnv>): OpenApiDocument {
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The access token of POST /api/login (or /api/token/refresh).",
  });
  const document = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "utilaje API",
      version: packageJson.version,
      description:
        "The catalogue, its admin writes and the admin session. Bodies are JSON. Errors: a 400 for invalid input is " +
        '`{ "errors": [{ "msg": CODE, "path": FIELD }] }`; any other failure is `{ "error": { "code": CODE, "message": TEXT } }`.',
    },
    servers: [{ url: API_BASE_PATH, description: "This site's API." }],
    tags: [...API_TAGS],
  });
  portablePatterns(document);
  return document;
}
