import { beforeAll, describe, expect, it } from "vitest";
import { categoryImagePath } from "../../common/media/media-paths.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { createFixtureCatalogue, type FixtureCatalogue } from "../fixtures/catalogue.ts";
import { withTestServer } from "../helpers/admin-server.ts";

/**
 * The headers of every kind of reply the site sends (decision 053): each kind is listed once with
 * what it must carry, so a new kind of reply, or a header lost on one, shows here.
 */
const site = withTestServer({}, productionSite);
let catalogue: FixtureCatalogue;
beforeAll(async () => {
  catalogue = await createFixtureCatalogue(site.server.services);
});

type Kind = "page" | "admin page" | "document" | "svg" | "other";

const everywhere = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

async function headersOf(path: string): Promise<Headers> {
  const response = await site.server.fetch(path, { redirect: "manual" });
  await response.arrayBuffer();
  return response.headers;
}

function expectKind(headers: Headers, kind: Kind, label: string): void {
  for (const [name, value] of Object.entries(everywhere)) expect(headers.get(name), `${label}: ${name}`).toBe(value);
  const permissions = headers.get("permissions-policy") ?? "";
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
    expect(permissions, label).toContain(`${feature}=()`);
  const csp = headers.get("content-security-policy") ?? "";
  if (kind === "page" || kind === "admin page" || kind === "document") {
    expect(csp, label).toContain("default-src 'self'");
    expect(csp, label).toContain("frame-ancestors 'none'");
    expect(csp, label).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  }
  if (kind === "document") expect(csp, label).not.toMatch(/style-src[^;]*'unsafe-inline'/);
  if (kind === "svg") expect(csp, label).toMatch(/^default-src 'none'/);
  if (kind === "admin page") expect(headers.get("cache-control"), label).toBe("no-store");
  else expect(headers.get("cache-control") ?? "", label).not.toContain("no-store");
}

describe("headers of every kind of reply", () => {
  it.each([
    ["a public page", "/home", "page"],
    ["a cached public page", "/home", "page"],
    ["a page in English", "/contact?lang=en", "page"],
    ["a page that does not exist (404)", "/nu-exista", "page"],
    ["the admin's login page", "/admin/login", "admin page"],
    ["the admin's reset page", "/admin/reset/some-token", "admin page"],
    ["an admin page behind the login", "/admin/main/leads", "admin page"],
    ["the offline page", "/offline.html", "document"],
    ["an SVG file", "/logo.svg", "svg"],
    ["the service worker", "/sw.js", "other"],
    ["robots.txt", "/robots.txt", "other"],
    ["the sitemap", "/sitemap.xml", "other"],
    ["an API reply", "/api/category", "other"],
    ["an API 404", "/api/nothing", "other"],
  ] as const)("%s (%s)", async (label, path, kind) => {
    expectKind(await headersOf(path), kind, label);
  });

  it("an image under /media", async () => {
    const header = catalogue.categories.excavators.headerImage;
    if (!header) throw new Error("the fixture's excavators have no header picture");
    const headers = await headersOf(
      categoryImagePath(catalogue.categories.excavators.slug, header.id, header.mimeType),
    );
    expect(headers.get("content-type")).toBe(header.mimeType);
    expectKind(headers, "other", "/media");
  });

  it("a static asset of the build", async () => {
    const html = await (await site.server.fetch("/home")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    if (!asset) throw new Error("no script asset on /home");
    const headers = await headersOf(asset);
    expect(headers.get("cache-control")).toContain("immutable");
    expectKind(headers, "other", asset);
  });

  it("the offline page's inline script and style are allowed by their hashes, and run", async () => {
    const csp = (await headersOf("/offline.html")).get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  });
});
