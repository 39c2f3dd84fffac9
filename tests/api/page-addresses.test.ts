import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pageServices } from "../../server/pages/page-context.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { withAdminServer, withTestServer, type RunningTestServer } from "../helpers/admin-server.ts";
import { createCategory, createProduct, productBody } from "../helpers/catalogue-api.ts";
import { rawRequest } from "../helpers/raw-request.ts";

/**
 * One address per page, and no way for one client to keep the server rendering (decision 054).
 * Whether a request rendered is seen from the public layout's loader, which every public page's
 * render runs (its contact channels: the configuration).
 */
function rendersOf(running: RunningTestServer) {
  return vi.spyOn(pageServices(running.server.services).catalogue, "configuration");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("every other spelling of a page's address", () => {
  const admin = withAdminServer({}, productionSite);
  const PRODUCT = "/categorie/excavatoare/utilaj/cat-320";

  beforeAll(async () => {
    await createCategory(admin.server, admin.token, "Excavatoare");
    await createProduct(admin.server, admin.token, await productBody("Excavatoare", "CAT 320"));
    // The pages redirected to, rendered once: from here on a render would be a spelling's own.
    for (const page of ["/home", "/categorie/excavatoare", PRODUCT, "/contact", "/home.data"]) {
      expect((await rawRequest(admin.server.url, page)).status, page).toBe(200);
    }
  });

  // Spelling asked → Location of the one 301 it answers.
  const spellings: [string, string][] = [
    ["/home/", "/home"],
    ["/home//", "/home"],
    ["/home///", "/home"],
    ["//home", "/home"],
    ["/home/.", "/home"],
    ["/home/./", "/home"],
    ["/./home", "/home"],
    ["/x/../home", "/home"],
    ["/home/%2e%2e/home", "/home"],
    ["/h%6Fme", "/home"],
    ["/h%6fme", "/home"],
    ["/HOME", "/home"],
    ["/Home/", "/home"],
    ["/home/?lang=en", "/home?lang=en"],
    ["/categorie/excavatoare/", "/categorie/excavatoare"],
    ["/categorie//excavatoare", "/categorie/excavatoare"],
    ["/categorie/%65xcavatoare", "/categorie/excavatoare"],
    ["/Categorie//Excavatoare?lang=en", "/categorie/excavatoare?lang=en"],
    [`${PRODUCT}//`, PRODUCT],
    ["/categorie/excavatoare/utilaj/%63at-320", PRODUCT],
    ["/categorie/excavatoare/utilaj/cat%2D320", PRODUCT],
    ["/categorie/excavatoare/./utilaj/cat-320", PRODUCT],
    ["/categorie/EXCAVATOARE/utilaj/CAT-320/", PRODUCT],
    ["/contact/?product=x", "/contact?product=x"],
    ["/home/_.data", "/home.data"],
    ["/home/.data", "/home.data"],
    ["/h%6Fme.data?_routes=root", "/home.data?_routes=root"],
    ["/HOME/_.data", "/home.data"],
    [`${PRODUCT}/fisa-tehnica.PDF`, `${PRODUCT}/fisa-tehnica.pdf`],
    [`${PRODUCT}/FISA-TEHNICA.pdf?lang=en`, `${PRODUCT}/fisa-tehnica.pdf?lang=en`],
    [`${PRODUCT}/fisa%2Dtehnica.pdf`, `${PRODUCT}/fisa-tehnica.pdf`],
    ["/Categorie/Excavatoare/utilaj//CAT-320/fisa-tehnica.pdf", `${PRODUCT}/fisa-tehnica.pdf`],
    [`${PRODUCT}/fisa-tehnica.pdf/`, `${PRODUCT}/fisa-tehnica.pdf`],
  ];

  it.each(spellings)("%s answers one 301 to %s without rendering", async (spelling, location) => {
    const renders = rendersOf(admin);
    const response = await rawRequest(admin.server.url, spelling);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(location);
    expect(renders).not.toHaveBeenCalled();
    // The address redirected to is the page itself, not another redirect.
    const target = await rawRequest(admin.server.url, location);
    expect(target.status).toBe(200);
  });

  it.each(["/home?utm_source=news", "/home?x=1&y=%3Cscript%3E", "/home?", `${PRODUCT}?ref=mail`, `${PRODUCT}?lang=xx`])(
    "%s (a query the page does not read) is the cached page, not a render",
    async (address) => {
      const renders = rendersOf(admin);
      const response = await rawRequest(admin.server.url, address);
      expect(response.status).toBe(200);
      expect(response.headers.etag).toBeDefined();
      expect(renders).not.toHaveBeenCalled();
    },
  );

  it("renders the language ?lang= names once, and /contact?product= as asked", async () => {
    const renders = rendersOf(admin);
    expect((await rawRequest(admin.server.url, `${PRODUCT}?lang=en`)).status).toBe(200);
    expect((await rawRequest(admin.server.url, `${PRODUCT}?x=1&lang=en`)).status).toBe(200);
    expect(renders).toHaveBeenCalledTimes(1);
    expect((await rawRequest(admin.server.url, "/contact?product=abc")).status).toBe(200);
    expect(renders).toHaveBeenCalledTimes(2);
  });

  it.each([
    ["//evil.example", "/evil.example"],
    ["//evil.example/", "/evil.example"],
    ["///evil.example?x=1", "/evil.example?x=1"],
    ["/%5Cevil.example", "/evil.example"],
    ["/%2F%5cevil.example", "/evil.example"],
    ["/%5Cevil.example/", "/evil.example"],
  ])("%s, with or without its last slash, answers one 301 to the path %s on this site", async (spelling, location) => {
    const response = await rawRequest(admin.server.url, spelling);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(location);
    expect((await rawRequest(admin.server.url, location)).status).toBe(404);
  });

  it("leaves the admin's addresses, files and the canonical addresses alone", async () => {
    expect((await rawRequest(admin.server.url, "/admin/reset/AbCdEf0123")).status).toBe(200);
    for (const address of ["/home", "/home.data", PRODUCT, `${PRODUCT}/fisa-tehnica.pdf`, "/favicon.svg"]) {
      expect((await rawRequest(admin.server.url, address)).status, address).toBe(200);
    }
  });
});

describe("a client that only causes cache misses", () => {
  const site = withTestServer({ PAGE_RENDER_RATE_LIMIT: "5" }, productionSite);
  /**
   * The short path answers only while the catalogue version it peeks at is fresh (250 ms): on a
   * loaded machine a test's own requests can outlast that, and the refusal then goes the full way.
   * Held fresh for the tests of the short path (the version's age is its cache's own matter).
   */
  const keepVersionFresh = async () => {
    const { catalogueVersion } = site.server.services;
    vi.spyOn(catalogueVersion, "peek").mockReturnValue(await catalogueVersion.current());
  };

  it("gets 429 with Retry-After once its renders are spent, while cached pages and other clients are served", async () => {
    expect((await rawRequest(site.server.url, "/home")).status).toBe(200);
    const answers: number[] = [];
    let refused: Awaited<ReturnType<typeof rawRequest>> | undefined;
    // 404 pages are never cached: each is a render.
    for (let index = 0; index < 8; index++) {
      const response = await rawRequest(site.server.url, `/nu-exista-${index}`);
      answers.push(response.status);
      if (response.status === 429) refused ??= response;
    }
    // /home's render was the first of five.
    expect(answers).toEqual([404, 404, 404, 404, 429, 429, 429, 429]);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused?.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused?.body.toString() ?? "{}")).toMatchObject({ error: { code: "ERROR_TOO_MANY_REQUESTS" } });
    // The cached page is no render: the same client still gets it.
    expect((await rawRequest(site.server.url, "/home")).status).toBe(200);
    // Another address has its own budget.
    expect((await rawRequest(site.server.url, "/nu-exista-0", { localAddress: "127.0.0.2" })).status).toBe(404);
  });

  it("is refused before the application once its renders are spent: the refusal costs what a cached page costs", async () => {
    for (let index = 0; index < 6; index++)
      await rawRequest(site.server.url, `/nu-exista-alta-${index}`, { localAddress: "127.0.0.3" });
    await keepVersionFresh();
    // The full way reads the catalogue's version before it renders; the short path only peeks at it.
    const fullWay = vi.spyOn(site.server.services.catalogueVersion, "current");
    const refused = await rawRequest(site.server.url, "/categorie/nu-exista?lang=en", { localAddress: "127.0.0.3" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["x-content-type-options"]).toBe("nosniff");
    expect(JSON.parse(refused.body.toString())).toMatchObject({ error: { code: "ERROR_TOO_MANY_REQUESTS" } });
    expect(fullWay).not.toHaveBeenCalled();
    // What is not a page's render is not refused there: the API answers as before.
    expect((await rawRequest(site.server.url, "/api/category", { localAddress: "127.0.0.3" })).status).toBe(200);
  });

  it("gets its refusals slowly when it goes on asking after them, each still a 429 with Retry-After", async () => {
    expect((await rawRequest(site.server.url, "/home")).status).toBe(200);
    const client = { localAddress: "127.0.0.4" };
    for (let index = 0; index < 5; index++) await rawRequest(site.server.url, `/nu-exista-inca-${index}`, client);
    await keepVersionFresh();
    const timed = async () => {
      const started = performance.now();
      const response = await rawRequest(site.server.url, "/categorie/nu-exista", client);
      return {
        status: response.status,
        retryAfter: Number(response.headers["retry-after"]),
        ms: performance.now() - started,
      };
    };
    // A client that stops at its first refusals is never held.
    const atOnce = [];
    for (let index = 0; index < 8; index++) atOnce.push(await timed());
    expect(atOnce.map((refusal) => refusal.status)).toEqual(Array(8).fill(429));
    expect(Math.max(...atOnce.map((refusal) => refusal.ms))).toBeLessThan(900);
    const held = await timed();
    expect(held.status).toBe(429);
    expect(held.retryAfter).toBeGreaterThan(0);
    expect(held.ms).toBeGreaterThanOrEqual(990);
    // Cached pages are not held.
    expect((await rawRequest(site.server.url, "/home", client)).status).toBe(200);
  });
});
