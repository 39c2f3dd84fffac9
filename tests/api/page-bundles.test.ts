import { describe, expect, it } from "vitest";
import { productionSite } from "../../server/pages/ssr.ts";
import { withTestServer } from "../helpers/admin-server.ts";

/**
 * The page build's two server bundles (common/pages/page-bundles.ts) answer as one build of every route:
 * each address by the bundle holding its routes, and React Router's route manifest requests, which
 * may name paths of both, with the routes of every path.
 */
const site = withTestServer({}, productionSite);

/** The build's manifest version, as a page's scripts send it with their manifest requests. */
async function manifestVersion(): Promise<string> {
  const html = await (await site.server.fetch("/home")).text();
  const version = /\/assets\/manifest-(\w+)\.js/.exec(html)?.[1];
  if (!version) throw new Error("no route manifest in /home");
  return version;
}

async function manifestRoutes(paths: string[]): Promise<string[]> {
  const query = new URLSearchParams({ paths: paths.join(","), version: await manifestVersion() });
  const response = await site.server.fetch(`/__manifest?${query}`);
  expect(response.status).toBe(200);
  return Object.keys((await response.json()) as Record<string, unknown>).sort();
}

describe("the public and the admin's server bundles", () => {
  it("render each page from the bundle of its routes, the admin's included", async () => {
    for (const [path, status] of [
      ["/home", 200],
      ["/admin/login", 200],
      ["/%61dmin/login", 200],
      ["/admin/nu-exista", 404],
      ["/nu-exista", 404],
    ] as const) {
      const response = await site.server.fetch(path, { redirect: "manual" });
      expect(response.status, path).toBe(status);
      await response.body?.cancel();
    }
    const login = await (await site.server.fetch("/admin/login")).text();
    expect(login).toContain('type="password"');
  });

  it("answer a route manifest request with the routes of its paths from both bundles", async () => {
    expect(await manifestRoutes(["/home"])).toEqual(["root", "routes/home", "routes/public-layout"]);
    expect(await manifestRoutes(["/admin", "/admin/login"])).toEqual([
      "root",
      "routes/admin/index-redirect",
      "routes/admin/layout",
      "routes/admin/login",
    ]);
    expect(await manifestRoutes(["/admin", "/admin/login", "/contact"])).toEqual([
      "root",
      "routes/admin/index-redirect",
      "routes/admin/layout",
      "routes/admin/login",
      "routes/contact",
      "routes/public-layout",
    ]);
  });

  it("answer an outdated manifest request by asking the browser to reload", async () => {
    const response = await site.server.fetch("/__manifest?paths=/admin/login,/home&version=outdated");
    expect(response.status).toBe(204);
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
  });
});
