import { describe, expect, it, vi } from "vitest";
import { productionSite } from "../../server/pages/ssr.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { rawRequest } from "../helpers/raw-request.ts";

const admin = withAdminServer({}, productionSite);

async function home(headers: Record<string, string> = {}) {
  const response = await admin.server.fetch("/home", { headers });
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
    const revalidated = await admin.server.fetch("/home", { headers: { "If-None-Match": etag ?? "" } });
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
    const created = await admin.call("POST", "/api/category/create", { name: "Autogredere" });
    expect(created.status).toBe(201);
    const after = await home();
    expect(after.html).toContain("Autogredere");
    expect(after.response.headers.get("ETag")).not.toBe(before.response.headers.get("ETag"));
  });
});

describe("page cache keys and page addresses", () => {
  it("serves any other query string the cached page of the path", async () => {
    const plain = await home();
    for (const query of ["?x=1", "?x=2&y=%3Cscript%3E", "?utm_source=news"]) {
      const response = await admin.server.fetch(`/home${query}`);
      expect(response.headers.get("ETag")).toBe(plain.response.headers.get("ETag"));
      expect(await response.text()).toBe(plain.html);
    }
  });

  it("renders the language ?lang= names, over the cookie, and keeps one page per language", async () => {
    const en = await admin.server.fetch("/home?lang=en", { headers: { Cookie: "lang=ro" } });
    const enHtml = await en.text();
    expect(enHtml).toContain('<html lang="en"');
    const ro = await admin.server.fetch("/home?lang=ro", { headers: { Cookie: "lang=en" } });
    expect(await ro.text()).toContain('<html lang="ro"');
    // The same English page as the cookie's, cached once.
    const byCookie = await home({ Cookie: "lang=en" });
    expect(byCookie.response.headers.get("ETag")).toBe(en.headers.get("ETag"));
    // An unknown language is no choice: the cookie's (or the default) applies.
    expect(await (await admin.server.fetch("/home?lang=de", { headers: { Cookie: "lang=en" } })).text()).toContain(
      '<html lang="en"',
    );
  });

  it("redirects upper-case page addresses to the lower-case ones, keeping the query", async () => {
    for (const [from, to] of [
      ["/HOME", "/home"],
      ["/Categorie/Excavatoare?lang=en", "/categorie/excavatoare?lang=en"],
      ["/Contact", "/contact"],
    ]) {
      const response = await rawRequest(admin.server.url, from);
      expect(response.status, from).toBe(301);
      expect(response.headers.location).toBe(to);
    }
    // Admin addresses carry case-sensitive tokens (a password reset link): left as they are.
    expect((await rawRequest(admin.server.url, "/admin/reset/AbCdEf0123")).status).not.toBe(301);
    // A percent escape is not an upper-case letter.
    expect((await rawRequest(admin.server.url, "/categorie/%C8%99tivuitoare")).status).not.toBe(301);
  });

  it("answers a cached page with every security header and a request id", async () => {
    await home();
    const cached = await rawRequest(admin.server.url, "/home", { headers: { "X-Request-Id": "cached-page-check" } });
    expect(cached.status).toBe(200);
    expect(cached.headers["x-request-id"]).toBe("cached-page-check");
    expect(cached.headers["x-content-type-options"]).toBe("nosniff");
    expect(cached.headers["x-frame-options"]).toBe("DENY");
    expect(cached.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(cached.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(cached.headers["content-type"]).toBe("text/html; charset=utf-8");
    const other = await rawRequest(admin.server.url, "/home");
    expect(other.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("React Router's own requests", () => {
  it("passes the route manifest's whole query through (its version and paths), uncached", async () => {
    const html = (await home()).html;
    // The build version names the manifest script the page loads (/assets/manifest-<version>.js).
    const version = /manifest-([0-9a-f]+)\.js/.exec(html)?.[1] ?? "";
    expect(version).not.toBe("");
    const manifest = await admin.server.fetch(
      `/__manifest?paths=${encodeURIComponent("/categorie/excavatoare")}&version=${version}`,
    );
    expect(manifest.status).toBe(200);
    expect(Object.keys((await manifest.json()) as object).some((id) => id.includes("category"))).toBe(true);
    // A wrong version is answered with a reload signal.
    const stale = await admin.server.fetch("/__manifest?paths=%2Fhome&version=not-the-build");
    expect(stale.status).toBe(204);
  });
});

describe("addresses that would fill the page cache", () => {
  /** The header a page gets when it is kept in the page cache (server/pages/ssr.ts, cachedPage). */
  const kept = (response: { headers: Record<string, unknown> }) =>
    response.headers["cache-control"] === "public, max-age=0, must-revalidate";

  it("keeps a data request for its page's routes, in any order, and renders other `_routes` uncached", async () => {
    const asked = await rawRequest(admin.server.url, "/home.data?_routes=root,routes/home");
    const reordered = await rawRequest(admin.server.url, "/home.data?_routes=routes/home,root,routes/home");
    expect(asked.status).toBe(200);
    expect(kept(asked)).toBe(true);
    expect(reordered.headers.etag).toBe(asked.headers.etag);
    for (const address of ["/home.data?_routes=zz1", "/home.data?_routes=root,routes/contact"]) {
      const response = await rawRequest(admin.server.url, address);
      expect(response.status, address).toBe(200);
      expect(kept(response), address).toBe(false);
    }
  });

  it("keeps no other spelling of a page's path: each is redirected to the page (page-addresses.test.ts)", async () => {
    for (const address of ["/home/", "/home//", "/home///", "/h%6Fme"]) {
      const response = await rawRequest(admin.server.url, address);
      expect(response.status, address).toBe(301);
      expect(response.headers.location, address).toBe("/home");
    }
  });
});

describe("a page that fails", () => {
  it("is logged through the server's logger with the request's id, not written to the console", async () => {
    const logged = vi.spyOn(admin.server.services.logger, "error").mockImplementation(() => undefined);
    const consoleError = vi.spyOn(console, "error");
    // A version of its own: the page is rendered (no cached copy), and reading it needs no database.
    const version = vi.spyOn(admin.server.services.catalogueVersion, "current").mockResolvedValue(987_654);
    const failure = new Error("the database went away");
    const selectFrom = vi.spyOn(admin.server.services.db, "selectFrom").mockImplementation(() => {
      throw failure;
    });
    try {
      const response = await admin.server.fetch("/contact", { headers: { "X-Request-Id": "req-page-failure" } });
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain("the database went away");
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ err: failure, requestId: "req-page-failure", path: "/contact" }),
        "page failed",
      );
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      selectFrom.mockRestore();
      version.mockRestore();
      logged.mockRestore();
      consoleError.mockRestore();
    }
  });
});
