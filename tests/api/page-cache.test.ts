import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { productionSite } from "../../server/ssr.ts";
import { authHeaders, loginAsAdmin } from "../helpers/auth.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, await productionSite());
});
afterAll(async () => {
  await server?.close();
});

async function home(headers: Record<string, string> = {}) {
  const response = await server.fetch("/home", { headers });
  return { response, html: await response.text() };
}

describe("cached public pages", () => {
  it("serves the same bytes with an ETag, a 304 on revalidation, and a hash-based CSP", async () => {
    const first = await home();
    const second = await home();
    const etag = first.response.headers.get("ETag");
    expect(first.response.status).toBe(200);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(second.response.headers.get("ETag")).toBe(etag);
    expect(second.html).toBe(first.html);
    expect(first.response.headers.get("Content-Security-Policy")).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    const revalidated = await server.fetch("/home", { headers: { "If-None-Match": etag ?? "" } });
    expect(revalidated.status).toBe(304);
  });

  it("keeps one page per language", async () => {
    const ro = await home();
    const en = await home({ Cookie: "lang=en" });
    expect(ro.html).toContain('<html lang="ro"');
    expect(en.html).toContain('<html lang="en"');
    expect(en.response.headers.get("ETag")).not.toBe(ro.response.headers.get("ETag"));
  });

  it("shows an admin's write on the next request", async () => {
    const before = await home();
    expect(before.html).not.toContain("Autogredere");
    const { token } = await loginAsAdmin(server);
    const created = await server.fetch("/api/category/create", {
      method: "POST",
      headers: authHeaders(token),
      body: JSON.stringify({ name: "Autogredere" }),
    });
    expect(created.status).toBe(201);
    const after = await home();
    expect(after.html).toContain("Autogredere");
    expect(after.response.headers.get("ETag")).not.toBe(before.response.headers.get("ETag"));
  });
});

describe("a page that fails", () => {
  it("is logged through the server's logger with the request's id, not written to the console", async () => {
    const logged = vi.spyOn(server.services.logger, "error").mockImplementation(() => undefined);
    const consoleError = vi.spyOn(console, "error");
    // A version of its own: the page is rendered (no cached copy), and reading it needs no database.
    const version = vi.spyOn(server.services.catalogueVersion, "current").mockResolvedValue(987_654);
    const failure = new Error("the database went away");
    const selectFrom = vi.spyOn(server.services.db, "selectFrom").mockImplementation(() => {
      throw failure;
    });
    try {
      const response = await server.fetch("/contact", { headers: { "X-Request-Id": "req-page-failure" } });
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain("the database went away");
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: failure, requestId: "req-page-failure", path: "/contact" }), "page failed");
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      selectFrom.mockRestore();
      version.mockRestore();
      logged.mockRestore();
      consoleError.mockRestore();
    }
  });
});

