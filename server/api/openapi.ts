import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import packageJson from "../../package.json" with { type: "json" };
import type { ErrorStatus } from "../errors.ts";
import { API_OPERATIONS, API_TAGS, PATH_PARAMETERS, errorBodies, type ApiOperation } from "./openapi-operations.ts";

/** Where server/app.ts mounts the API; the document names full paths. */
const API_BASE_PATH = "/api";

export type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

const GENERIC_ERRORS = {
  body: {
    400: "One `errors` entry per invalid field, or ERROR_BAD_REQUEST when the body is not JSON.",
    413: "ERROR_PAYLOAD_TOO_LARGE: the body is over the call's limit.",
  },
  admin: { 401: "ERROR_UNAUTHORIZED: no bearer token, or one that no longer grants access." },
} as const;

/** A 400 may list invalid fields or name one code; every other failure names one code. */
function errorResponse(status: ErrorStatus, description: string): RouteConfig["responses"][string] {
  const schema = status === 400 ? z.union([errorBodies.validationErrorBody, errorBodies.errorBody]) : errorBodies.errorBody;
  return {
    description,
    content: { "application/json": { schema } },
    ...(status === 429 ? { headers: z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait." }) }) } : {}),
  };
}

/** Every `{name}` of the path, described from PATH_PARAMETERS (an undescribed name is a mistake here). */
function pathParameters(path: string): z.ZodObject | undefined {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  if (names.length === 0) return undefined;
  return z.object(
    Object.fromEntries(
      names.map((name) => {
        const description = PATH_PARAMETERS[name];
        if (!description) throw new Error(`The path parameter {${name}} of ${path} is not described`);
        return [name, z.string().meta({ description })];
      }),
    ),
  );
}

function routeConfig(operation: ApiOperation): RouteConfig {
  const { ok } = operation;
  const errors: Partial<Record<ErrorStatus, string>> = {
    ...(operation.body ? GENERIC_ERRORS.body : {}),
    ...(operation.admin ? GENERIC_ERRORS.admin : {}),
    ...operation.errors,
  };
  const params = pathParameters(operation.path);
  return {
    method: operation.method,
    path: `${API_BASE_PATH}${operation.path}`,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(operation.admin ? { security: [{ bearerAuth: [] }] } : {}),
    request: {
      ...(params ? { params } : {}),
      ...(operation.body ? { body: { required: true, content: { "application/json": { schema: operation.body } } } } : {}),
    },
    responses: {
      [ok.status]: {
        description: ok.description,
        ...(ok.schema ? { content: { [ok.mediaType ?? "application/json"]: { schema: ok.schema } } } : {}),
      },
      ...Object.fromEntries(Object.entries(errors).map(([status, description]) => [status, errorResponse(Number(status) as ErrorStatus, description)])),
    },
  };
}

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

function buildDocument(): OpenApiDocument {
  // Used only for its registry and generator: the routes themselves stay plain Hono.
  const described = new OpenAPIHono();
  described.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The access token of POST /api/login (or /api/token/refresh).",
  });
  for (const operation of API_OPERATIONS) described.openAPIRegistry.registerPath(routeConfig(operation));
  const document = described.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "utilaje API",
      version: packageJson.version,
      description:
        "The catalogue, its admin writes and the admin session. Bodies are JSON. Errors: a 400 for invalid input is " +
        '`{ "errors": [{ "msg": CODE, "path": FIELD }] }`; any other failure is `{ "error": { "code": CODE, "message": TEXT } }`.',
    },
    tags: [...API_TAGS],
  });
  portablePatterns(document);
  return document;
}

let built: OpenApiDocument | undefined;

/** Built on first use, then kept: the routes do not change while the process runs. */
export function openApiDocument(): OpenApiDocument {
  built ??= buildDocument();
  return built;
}
