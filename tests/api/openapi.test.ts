import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAME_MAX_LENGTH, NAME_PATTERN } from "../../common/field-rules.ts";
import packageJson from "../../package.json" with { type: "json" };
import { renderDocsPage } from "../../server/api/docs-page.ts";
import { apiRoutes } from "../../server/api/index.ts";
import { openApiDocument, type OpenApiDocument } from "../../server/api/openapi.ts";
import { requireAdmin } from "../../server/auth/require-admin.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/** /api/openapi.json and /api/docs over real HTTP, and the guarantee that they describe every route there is. */

let server: TestServer;
let document: OpenApiDocument;
beforeAll(async () => {
  server = await startTestServer();
  const response = await server.fetch("/api/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  document = (await response.json()) as OpenApiDocument;
});
afterAll(async () => {
  await server?.close();
});

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
type Operation = NonNullable<NonNullable<OpenApiDocument["paths"]>[string]["get"]>;

/** Every operation of the document, keyed `get /api/product/{uuid}`. */
function documentedOperations(): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) operations.set(`${method} ${path}`, operation);
    }
  }
  return operations;
}

/**
 * Every route the Hono API app registers, keyed like the document, and whether requireAdmin guards it.
 * `.use()` middleware and the 404 catch-all are registered for ALL methods; no call of the API is.
 * A route's own middleware shares its method and path, so each call is counted once.
 */
function registeredRoutes(): Map<string, { admin: boolean }> {
  const routes = new Map<string, { admin: boolean }>();
  for (const route of apiRoutes.routes) {
    if (route.method === "ALL") continue;
    const key = `${route.method.toLowerCase()} /api${route.path.replace(/:([^/]+)/g, "{$1}")}`;
    const entry = routes.get(key) ?? { admin: false };
    if (route.handler === requireAdmin) entry.admin = true;
    routes.set(key, entry);
  }
  return routes;
}

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document of this version", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: "utilaje API", version: packageJson.version });
    expect(document.tags?.map((tag) => tag.name)).toEqual([
      "auth",
      "categories",
      "products",
      "banners",
      "configuration",
      "contact",
      "version",
      "documentation",
    ]);
  });

  it("documents exactly the routes the API registers, with the same methods and paths", () => {
    const routes = [...registeredRoutes().keys()].sort();
    expect(routes).toContain("post /api/login");
    expect(routes).toContain("get /api/product/{category_name}/{product_model}");
    expect([...documentedOperations().keys()].sort()).toEqual(routes);
  });

  it("asks for the bearer token exactly where requireAdmin guards the route", () => {
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
    const routes = registeredRoutes();
    const admin = [...routes].filter(([, route]) => route.admin).map(([key]) => key);
    expect(admin).toContain("put /api/product/update");
    expect(admin).toContain("get /api/logout");
    for (const [key, operation] of documentedOperations()) {
      const expected = routes.get(key)?.admin ? [{ bearerAuth: [] }] : undefined;
      expect(operation.security, key).toEqual(expected);
      if (expected) expect(operation.responses?.["401"]?.content?.["application/json"]?.schema, key).toEqual({ $ref: "#/components/schemas/ErrorBody" });
    }
  });

  it("declares every path parameter, tags every call and gives each a success reply", () => {
    const tags = new Set(document.tags?.map((tag) => tag.name));
    for (const [key, operation] of documentedOperations()) {
      const inPath = [...key.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).map((parameter) => ("in" in parameter ? `${parameter.in}:${parameter.name}:${parameter.required}` : "ref"));
      expect(declared, key).toEqual(inPath.map((name) => `path:${name}:true`));
      expect(operation.tags, key).toHaveLength(1);
      expect(tags.has(operation.tags?.[0] ?? ""), key).toBe(true);
      expect(operation.summary, key).toBeTruthy();
      expect(Object.keys(operation.responses ?? {}).some((status) => /^2\d\d$/.test(status)), key).toBe(true);
    }
  });

  it("describes request bodies with the rules the routes validate with", () => {
    const body = (key: string) => {
      const requestBody = documentedOperations().get(key)?.requestBody;
      return requestBody && "content" in requestBody ? requestBody.content["application/json"]?.schema : undefined;
    };
    expect(body("post /api/login")).toMatchObject({ type: "object", required: ["username", "password"] });
    expect(body("post /api/category/create")).toEqual({
      type: "object",
      properties: { name: { type: "string", minLength: 1, maxLength: NAME_MAX_LENGTH, pattern: NAME_PATTERN.source } },
      required: ["name"],
    });
    expect(body("put /api/configuration/update")).toMatchObject({ type: "array", items: { required: ["key", "value"] } });
    expect(body("post /api/token/refresh")).toMatchObject({ properties: { user: { type: "string" } }, required: ["refreshToken"] });
    // A JSON Schema pattern carries no RegExp flags.
    const patterns = JSON.stringify(document).match(/"pattern":"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      const source = (JSON.parse(`{${pattern}}`) as { pattern: string }).pattern;
      expect(source).not.toMatch(/\/[a-z]+$/);
      expect(() => new RegExp(source, "u")).not.toThrow();
    }
  });

  it("describes the two error bodies of the API conventions", async () => {
    expect(document.components?.schemas?.ValidationErrorBody).toMatchObject({
      properties: { errors: { type: "array", items: { properties: { msg: { type: "string" }, path: { type: "string" } }, required: ["msg", "path"] } } },
    });
    expect(document.components?.schemas?.ErrorBody).toMatchObject({
      properties: { error: { properties: { code: { type: "string" }, message: { type: "string" } }, required: ["code", "message"] } },
    });
    expect(documentedOperations().get("post /api/category/create")?.responses?.["400"]?.content?.["application/json"]?.schema).toEqual({
      anyOf: [{ $ref: "#/components/schemas/ValidationErrorBody" }, { $ref: "#/components/schemas/ErrorBody" }],
    });
    // What the server really sends fits the described shape.
    const refused = await server.fetch("/api/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(refused.status).toBe(400);
    expect(Object.keys((await refused.json()) as object)).toEqual(["errors"]);
  });

  it("is the document the server module builds, built once", () => {
    expect(openApiDocument()).toBe(openApiDocument());
    expect(JSON.parse(JSON.stringify(openApiDocument()))).toEqual(document);
  });
});

describe("GET /api/docs", () => {
  it("is an HTML page listing every call, with a policy that allows only its own stylesheet", async () => {
    const response = await server.fetch("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await response.text();
    const text = page.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
    expect(text).toContain("POST /api/login");
    expect(text).toContain("DELETE /api/product/{id}");
    for (const key of documentedOperations().keys()) {
      const [method, path] = key.split(" ");
      expect(text, key).toContain(`${method.toUpperCase()} ${path}`);
    }
    expect(page).not.toMatch(/<script|src=/i);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? "";
    const hash = createHash("sha256").update(style, "utf8").digest("base64");
    expect(response.headers.get("content-security-policy")).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
  });

  it("escapes every text it takes from the document", async () => {
    const hostile = structuredClone(openApiDocument());
    hostile.info.title = "<script>alert(1)</script>";
    hostile.tags = [{ name: 'a"><img src=x onerror=alert(2)>', description: "<b>tag</b>" }];
    hostile.paths = {
      "/api/<iframe>": {
        get: {
          tags: ['a"><img src=x onerror=alert(2)>'],
          summary: "</code><script>alert(3)</script>",
          parameters: [{ name: "<u>", in: "path", required: true, description: "' onclick='alert(4)" }],
          responses: { "200": { description: "<i>ok</i> & done", content: { "application/json": { schema: { $ref: '#/components/schemas/"><svg>' } } } } },
        },
      },
    };
    hostile.components = { schemas: { '"><svg>': { type: "object", properties: { "<em>field</em>": { type: "string", pattern: "^<a>$" } } } } };
    const page = await renderDocsPage(hostile);
    for (const raw of ["<script", "<img", "<iframe", "<b>", "<u>", "<i>", "<svg", "<em>", "<a>", "' onclick='"]) {
      expect(page).not.toContain(raw);
    }
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("&lt;i&gt;ok&lt;/i&gt; &amp; done");
    expect(page).toContain("&#39; onclick=&#39;alert(4)");
  });
});
