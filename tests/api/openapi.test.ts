import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { RouteConfig } from "@hono/zod-openapi";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { romanianDay } from "../../common/days/romanian-day.ts";
import { NAME_MAX_LENGTH, NAME_PATTERN } from "../../common/fields/field-rules.ts";
import { ENGLISH_FIELD } from "../../common/fields/schema-fields.ts";
import { SPECIFICATION_KINDS, SPECIFICATIONS_MAX } from "../../common/specifications/specification-schema.ts";
import packageJson from "../../package.json" with { type: "json" };
import { renderDocsPage } from "../../server/api/docs-page.ts";
import { apiDocument, apiRoutes } from "../../server/api/index.ts";
import type { OpenApiDocument } from "../../server/api/openapi.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { authHeaders } from "../helpers/auth.ts";
import { pngPayload } from "../helpers/pictures.ts";

/**
 * /api/openapi.json and /api/docs over real HTTP. The document is generated from the routes'
 * createRoute definitions (docs/decisions/008-every-api-route-is-a-createroute-the-openapi.md); these tests hold it to
 * the behaviour of the routes: every route documented, the bearer token exactly where a call answers 401 without one,
 * replies of real calls valid against their declared schemas, and Redocly's recommended rules clean.
 */

const admin = withAdminServer();
let document: OpenApiDocument;
beforeAll(async () => {
  const response = await admin.server.fetch("/api/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  document = (await response.json()) as OpenApiDocument;
});

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
type Operation = NonNullable<NonNullable<OpenApiDocument["paths"]>[string]["get"]>;

/** Every operation of the document, keyed `get /product/{id}` (paths are relative to the server `/api`). */
function documentedOperations(): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [route, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) operations.set(`${method} ${route}`, operation);
    }
  }
  return operations;
}

/**
 * Every call the Hono API app answers, keyed like the document; `.use()` middleware and the 404
 * catch-all are ALL-method.
 */
function registeredRoutes(): string[] {
  const keys = apiRoutes.routes
    .filter((route) => route.method !== "ALL")
    .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:([^/]+)/g, "{$1}")}`);
  return [...new Set(keys)].sort();
}

/** The route definition behind a documented call, with its zod schemas. */
function definition(key: string): RouteConfig {
  const [method, route] = key.split(" ");
  for (const entry of apiRoutes.openAPIRegistry.definitions) {
    if (entry.type === "route" && entry.route.method === method && entry.route.path === route)
      return entry.route as RouteConfig;
  }
  throw new Error(`no definition for ${key}`);
}

/** A reply checked against the zod schema its route declares for that status. */
async function expectDeclared(key: string, response: Response): Promise<void> {
  const reply = definition(key).responses[String(response.status)];
  expect(reply, `${key} declares ${response.status}`).toBeDefined();
  const content = reply && "content" in reply ? reply.content : undefined;
  const media = content?.["application/json"] as { schema?: z.ZodType } | undefined;
  const schema = media?.schema;
  if (!schema) {
    expect(await response.text(), `${key} ${response.status} has no body`).toBe("");
    return;
  }
  const result = schema.safeParse(await response.json());
  expect(result.error?.issues, `${key} ${response.status}`).toBeUndefined();
}

/** The path of a documented call with every parameter filled (an id that names nothing). */
const concrete = (route: string) => `/api${route.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000")}`;

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document of this version, served from /api", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: "utilaje API", version: packageJson.version });
    expect(document.servers).toEqual([{ url: "/api", description: "This site's API." }]);
    expect(document.tags?.map((tag) => tag.name)).toEqual([
      "auth",
      "categories",
      "products",
      "banners",
      "configuration",
      "contact",
      "bookings",
      "offers",
      "offer-links",
      "search",
      "activity",
      "trash",
      "revisions",
      "status",
      "team",
      "version",
      "documentation",
    ]);
  });

  it("documents exactly the routes the API registers, each with a unique operationId", () => {
    const routes = registeredRoutes();
    expect(routes).toContain("post /login");
    expect(routes).toContain("get /product/{category_name}/{product_model}");
    expect([...documentedOperations().keys()].sort()).toEqual(routes);
    const ids = [...documentedOperations().values()].map((operation) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("asks for the bearer token exactly where a call without one is refused 401, before its body is read", async () => {
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
    let guardedCalls = 0;
    for (const [key, operation] of documentedOperations()) {
      const [method, route] = key.split(" ");
      if (route === "/login") continue; // counted by the login limiter; it is public all the same
      const response = await admin.server.fetch(concrete(route), {
        method: method.toUpperCase(),
        headers: { "Content-Type": "text/plain" },
        ...(method === "get" || method === "delete" ? {} : { body: "not json" }),
      });
      const guarded =
        response.status === 401 &&
        ((await response.json()) as { error?: { code?: string } }).error?.code === "ERROR_UNAUTHORIZED";
      if (guarded) guardedCalls += 1;
      expect(operation.security, key).toEqual(guarded ? [{ bearerAuth: [] }] : []);
      if (guarded)
        expect(operation.responses?.["401"]?.content?.["application/json"]?.schema, key).toEqual({
          $ref: "#/components/schemas/ErrorBody",
        });
    }
    expect(guardedCalls).toBe(69);
    expect(documentedOperations().get("post /login")?.security).toEqual([]);
  });

  it("declares every path parameter, tags every call and gives each a success reply", () => {
    const tags = new Set(document.tags?.map((tag) => tag.name));
    for (const [key, operation] of documentedOperations()) {
      const inPath = [...key.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).map((parameter) =>
        "in" in parameter ? `${parameter.in}:${parameter.name}:${parameter.required}` : "ref",
      );
      expect(
        declared.filter((parameter) => !parameter.startsWith("query:")),
        key,
      ).toEqual(inPath.map((name) => `path:${name}:true`));
      expect(operation.tags, key).toHaveLength(1);
      expect(tags.has(operation.tags?.[0] ?? ""), key).toBe(true);
      expect(operation.summary, key).toBeTruthy();
      expect(
        Object.keys(operation.responses ?? {}).some((status) => /^2\d\d$/.test(status)),
        key,
      ).toBe(true);
    }
  });

  it("describes request bodies with the rules the routes validate with", () => {
    const body = (key: string) => {
      const requestBody = documentedOperations().get(key)?.requestBody;
      return requestBody && "content" in requestBody ? requestBody.content["application/json"]?.schema : undefined;
    };
    expect(body("post /login")).toMatchObject({ type: "object", required: ["username", "password"] });
    expect(body("post /category/create")).toMatchObject({
      type: "object",
      properties: {
        name: { type: "string", minLength: 1, maxLength: NAME_MAX_LENGTH, pattern: NAME_PATTERN.source },
        name_en: { type: "string", maxLength: NAME_MAX_LENGTH, description: ENGLISH_FIELD },
        // The typed specifications, additive: optional, so spec §7's payload stays valid.
        specifications: {
          type: "array",
          maxItems: SPECIFICATIONS_MAX,
          items: {
            required: ["name", "kind"],
            properties: { kind: { enum: [...SPECIFICATION_KINDS] }, options: { type: "array" } },
          },
        },
      },
      required: ["name"],
    });
    expect(body("put /category/update")).toMatchObject({
      properties: { confirm_value_changes: { type: "boolean" } },
      required: ["uuid", "name"],
    });
    for (const call of ["post /product/create", "put /product/update"]) {
      expect(body(call), call).toMatchObject({ properties: { specifications: { type: "object" } } });
      expect((body(call) as { required?: string[] }).required, call).not.toContain("specifications");
    }
    expect(body("put /configuration/update")).toMatchObject({ type: "array", items: { required: ["key", "value"] } });
    expect(body("post /token/refresh")).toMatchObject({
      properties: { user: { type: "string" } },
      required: ["refreshToken"],
    });
    // A JSON Schema pattern carries no RegExp flags.
    const patterns = JSON.stringify(document).match(/"pattern":"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      const source = (JSON.parse(`{${pattern}}`) as { pattern: string }).pattern;
      expect(source).not.toMatch(/\/[a-z]+$/);
      expect(() => new RegExp(source, "u")).not.toThrow();
    }
  });

  it("lists the machines a category update would touch in its 409 body", () => {
    const conflict = documentedOperations().get("put /category/update")?.responses?.["409"];
    expect(JSON.stringify(conflict)).toContain("SPECIFICATION_VALUES_AFFECTED");
    expect(document.components?.schemas?.CategoryConflictBody).toMatchObject({
      properties: {
        error: {
          properties: {
            affected: { type: "array", items: { required: expect.arrayContaining(["uuid", "change", "products"]) } },
          },
        },
      },
    });
  });

  it("describes the two error bodies of the API conventions", () => {
    expect(document.components?.schemas?.ValidationErrorBody).toMatchObject({
      properties: {
        errors: {
          type: "array",
          items: { properties: { msg: { type: "string" }, path: { type: "string" } }, required: ["msg", "path"] },
        },
      },
    });
    expect(document.components?.schemas?.ErrorBody).toMatchObject({
      properties: {
        error: { properties: { code: { type: "string" }, message: { type: "string" } }, required: ["code", "message"] },
      },
    });
    expect(
      documentedOperations().get("post /category/create")?.responses?.["400"]?.content?.["application/json"]?.schema,
    ).toEqual({
      anyOf: [{ $ref: "#/components/schemas/ValidationErrorBody" }, { $ref: "#/components/schemas/ErrorBody" }],
    });
  });

  it("declares the replies that a sample of real calls gets, successes and failures", async () => {
    const call = (method: string, route: string, body?: unknown, bearer = admin.token) =>
      admin.server.fetch(`/api${route}`, {
        method,
        headers: authHeaders(bearer),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const created = await call("POST", "/category/create", { name: "Compactoare" });
    await expectDeclared("post /category/create", created.clone());
    const category = (await created.json()) as { uuid: string };
    await expectDeclared("post /category/create", await call("POST", "/category/create", { name: "Compactoare" }));
    await expectDeclared("post /category/create", await call("POST", "/category/create", { name: "" }));
    await expectDeclared("post /category/create", await call("POST", "/category/create", undefined, "nope"));
    await expectDeclared("get /category", await call("GET", "/category"));
    await expectDeclared("get /category/{id}", await call("GET", `/category/${category.uuid}`));
    await expectDeclared("get /category/{id}", await call("GET", "/category/unknown"));
    const product = await call("POST", "/product/create", {
      model: "CAT 320",
      category: "Compactoare",
      header_offer: "<p>Oferta</p>",
      details: "<p>Detalii</p>",
      technical_data: "<p>Date</p>",
      header_photo: await pngPayload("#336699"),
      gallery: [],
    });
    await expectDeclared("post /product/create", product.clone());
    const { uuid } = (await product.json()) as { uuid: string };
    await expectDeclared("get /product/{id}", await call("GET", `/product/${uuid}`));
    await expectDeclared(
      "get /product/{category_name}/{product_model}",
      await call("GET", "/product/compactoare/cat-320"),
    );
    await expectDeclared(
      "post /banner/create",
      await call("POST", "/banner/create", { banner: [await pngPayload("#aa0000")] }),
    );
    await expectDeclared("get /banner/first", await call("GET", "/banner/first"));
    await expectDeclared("get /configuration", await call("GET", "/configuration"));
    await expectDeclared("get /version", await call("GET", "/version"));
    await expectDeclared("get /me", await call("GET", "/me"));
    const day = romanianDay();
    const booking = { product_uuid: uuid, state: "confirmat", first_day: day, last_day: day };
    const booked = await call("POST", "/bookings", booking);
    await expectDeclared("post /bookings", booked.clone());
    const bookingId = ((await booked.json()) as { uuid: string }).uuid;
    await expectDeclared("post /bookings", await call("POST", "/bookings", booking));
    await expectDeclared("post /bookings", await call("POST", "/bookings", {}));
    await expectDeclared("get /bookings", await call("GET", `/bookings?from=${day}&to=${day}`));
    await expectDeclared("get /bookings", await call("GET", "/bookings?state=toate"));
    await expectDeclared("get /bookings/{id}", await call("GET", `/bookings/${bookingId}`));
    await expectDeclared("put /bookings/{id}", await call("PUT", `/bookings/${bookingId}`, { note: "x", version: 1 }));
    await expectDeclared("put /bookings/{id}", await call("PUT", `/bookings/${bookingId}`, { note: "y", version: 1 }));
    await expectDeclared("post /bookings/{id}/cancel", await call("POST", `/bookings/${bookingId}/cancel`, {}));
    await expectDeclared("post /bookings/{id}/cancel", await call("POST", `/bookings/${uuid}/cancel`, {}));
    await expectDeclared(
      "get /bookings/availability",
      await call("GET", `/bookings/availability?product=${uuid}&from=${day}&to=${day}`),
    );
    await expectDeclared("get /bookings/availability", await call("GET", `/bookings/availability?product=${uuid}`));
    await expectDeclared(
      "post /contact/requests/{id}/bookings",
      await call("POST", `/contact/requests/${uuid}/bookings`, { items: [booking] }),
    );
    await expectDeclared(
      "post /contact/requests/{id}/bookings",
      await call("POST", `/contact/requests/${uuid}/bookings`, {}),
    );
    await expectDeclared("get /bookings/feed", await call("GET", "/bookings/feed"));
    const feed = await call("POST", "/bookings/feed/renew");
    await expectDeclared("post /bookings/feed/renew", feed.clone());
    const calendar = await call("GET", ((await feed.json()) as { path: string }).path.replace(/^\/api/, ""));
    expect(calendar.headers.get("content-type")).toMatch(/^text\/calendar/);
    await expectDeclared(
      "get /bookings/feed/{token}/rezervari.ics",
      await call("GET", "/bookings/feed/nu/rezervari.ics"),
    );
    await expectDeclared("delete /product/{id}", await call("DELETE", `/product/${uuid}`));
    await expectDeclared("post /token/refresh", await call("POST", "/token/refresh", { refreshToken: "used-up" }));
    await expectDeclared(
      "get /contact/requests",
      await call("GET", "/contact/requests?q=ion&status=nou&page=1&pageSize=10"),
    );
    await expectDeclared("get /contact/requests", await call("GET", "/contact/requests?status=toate"));
    await expectDeclared("get /contact/requests/counts", await call("GET", "/contact/requests/counts"));
    await expectDeclared("get /contact/requests/{id}", await call("GET", `/contact/requests/${uuid}`));
    await expectDeclared(
      "put /contact/requests/{id}/status",
      await call("PUT", `/contact/requests/${uuid}/status`, { status: "gata" }),
    );
    await expectDeclared(
      "put /contact/requests/{id}/status",
      await call("PUT", `/contact/requests/${uuid}/status`, { status: "contactat" }),
    );
    await expectDeclared("delete /contact/requests/{id}", await call("DELETE", `/contact/requests/${uuid}`));
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "utilaje-openapi-"));
    try {
      const file = path.join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(document));
      const cli = path.resolve("node_modules/@redocly/cli/bin/cli.js");
      const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
      // Exits 1 when it finds errors; the JSON report on stdout says which.
      const { stdout } = await promisify(execFile)(process.execPath, [cli, "lint", file, "--format=json"], {
        env,
      }).catch((error: { stdout: string }) => error);
      const report = JSON.parse(stdout) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string }[];
      };
      expect(report.problems.filter((problem) => problem.severity === "error")).toEqual([]);
      expect(report.totals.errors).toBe(0);
      // What is left are warnings that describe the API as it is: reads that cannot fail with a 4XX, and no licence.
      expect(new Set(report.problems.map((problem) => problem.ruleId))).toEqual(
        new Set(["operation-4xx-response", "info-license"]),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is the document the server module builds, built once", () => {
    expect(apiDocument()).toBe(apiDocument());
    expect(JSON.parse(JSON.stringify(apiDocument()))).toEqual(document);
  });
});

describe("GET /api/docs", () => {
  it("is an HTML page listing every call, with a policy that allows only its own stylesheet", async () => {
    const response = await admin.server.fetch("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await response.text();
    const text = page.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
    expect(text).toContain("POST /api/login");
    expect(text).toContain("DELETE /api/product/{id}");
    for (const key of documentedOperations().keys()) {
      const [method, path] = key.split(" ");
      expect(text, key).toContain(`${method.toUpperCase()} /api${path}`);
    }
    expect(page).not.toMatch(/<script|src=/i);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? "";
    const hash = createHash("sha256").update(style, "utf8").digest("base64");
    expect(response.headers.get("content-security-policy")).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
  });

  it("escapes every text it takes from the document", async () => {
    const hostile = structuredClone(apiDocument());
    hostile.info.title = "<script>alert(1)</script>";
    hostile.tags = [{ name: 'a"><img src=x onerror=alert(2)>', description: "<b>tag</b>" }];
    hostile.paths = {
      "/api/<iframe>": {
        get: {
          tags: ['a"><img src=x onerror=alert(2)>'],
          summary: "</code><script>alert(3)</script>",
          parameters: [{ name: "<u>", in: "path", required: true, description: "' onclick='alert(4)" }],
          responses: {
            "200": {
              description: "<i>ok</i> & done",
              content: { "application/json": { schema: { $ref: '#/components/schemas/"><svg>' } } },
            },
          },
        },
      },
    };
    hostile.components = {
      schemas: {
        '"><svg>': { type: "object", properties: { "<em>field</em>": { type: "string", pattern: "^<a>$" } } },
      },
    };
    const page = await renderDocsPage(hostile);
    for (const raw of ["<script", "<img", "<iframe", "<b>", "<u>", "<i>", "<svg", "<em>", "<a>", "' onclick='"]) {
      expect(page).not.toContain(raw);
    }
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("&lt;i&gt;ok&lt;/i&gt; &amp; done");
    expect(page).toContain("&#39; onclick=&#39;alert(4)");
  });
});
