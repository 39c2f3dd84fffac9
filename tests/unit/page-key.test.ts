import { describe, expect, it } from "vitest";
import { buildRouteIds, pageCacheKey } from "../../server/pages/page-key.ts";

/** The shape of the application's routes (app/routes.ts): a root, a public layout, pages, a catch-all. */
const routeIdsOf = buildRouteIds({
  root: { id: "root", path: "" },
  "routes/index-redirect": { id: "routes/index-redirect", parentId: "root", index: true },
  "routes/public-layout": { id: "routes/public-layout", parentId: "root" },
  "routes/home": { id: "routes/home", parentId: "routes/public-layout", path: "home" },
  "routes/contact": { id: "routes/contact", parentId: "routes/public-layout", path: "contact" },
  "routes/category": { id: "routes/category", parentId: "routes/public-layout", path: "categorie/:category_name" },
  "routes/fallback": { id: "routes/fallback", parentId: "routes/public-layout", path: "*" },
  "routes/admin/layout": { id: "routes/admin/layout", parentId: "root", path: "admin" },
});

const key = (address: string, cookie?: string) => {
  const url = new URL(address, "http://localhost");
  return pageCacheKey(url.pathname, url.searchParams, cookie, routeIdsOf);
};

describe("the routes a page address matches", () => {
  it("lists the page's route and its parents, as React Router matches them", () => {
    expect([...routeIdsOf("/home")].sort()).toEqual(["root", "routes/home", "routes/public-layout"]);
    expect([...routeIdsOf("/categorie/excavatoare")].sort()).toEqual([
      "root",
      "routes/category",
      "routes/public-layout",
    ]);
    expect([...routeIdsOf("/")].sort()).toEqual(["root", "routes/index-redirect"]);
    expect([...routeIdsOf("/nimic")].sort()).toEqual(["root", "routes/fallback", "routes/public-layout"]);
  });
});

describe("page cache key", () => {
  it("is the language and the path, whatever else the query holds", () => {
    expect(key("/home?x=1&utm_source=news")).toBe(key("/home"));
    expect(key("/home?lang=en")).toBe(key("/home", "lang=en"));
    expect(key("/home?lang=en")).not.toBe(key("/home"));
  });

  it("keeps the routes a data request asks for when they are the page's, sorted and without repeats", () => {
    const asked = key("/home.data?_routes=root,routes/home");
    expect(asked).not.toBeNull();
    expect(key("/home.data?_routes=routes/home,root,routes/home&x=1")).toBe(asked);
    expect(key("/home.data?_routes=routes/home")).not.toBe(asked);
    // No `_routes` and an empty one both load every route.
    expect(key("/home.data?_routes=")).toBe(key("/home.data"));
  });

  it("does not cache a data request for routes that are not the page's: each value would evict real pages", () => {
    for (const routes of [
      "zz1",
      "root,zz1",
      "routes/contact",
      "routes/admin/layout",
      "root,",
      "routes/home%2Croot%2C",
    ]) {
      expect(key(`/home.data?_routes=${routes}`), routes).toBeNull();
    }
    expect(key("/home/_.data?_routes=root,routes/home")).not.toBeNull();
    expect(key("/home/_.data?_routes=routes/contact")).toBeNull();
  });

  it("does not cache a page whose loader reads the query, with or without a trailing slash", () => {
    for (const address of [
      "/contact?product=1",
      "/contact/?product=1",
      "/contact.data?product=1",
      "/contact/_.data?product=1",
    ]) {
      expect(key(address), address).toBeNull();
    }
    expect(key("/contact")).not.toBeNull();
  });

  it("does not cache a compare page: its query names one visitor's machines", () => {
    expect(key("/comparare?utilaje=a,b")).toBeNull();
    expect(key("/comparare")).not.toBeNull();
  });

  it("does not cache a category page filtered by its own parameters, and serves it unfiltered for any other parameter", () => {
    const filters = new Set(["masa-max", "rulare", "sort"]);
    const filtered = (address: string) => {
      const url = new URL(address, "http://localhost");
      return pageCacheKey(url.pathname, url.searchParams, undefined, routeIdsOf, filters);
    };
    expect(filtered("/categorie/excavatoare?masa-max=6000")).toBeNull();
    expect(filtered("/categorie/excavatoare?rulare=senile&utm_source=x")).toBeNull();
    expect(filtered("/categorie/excavatoare?sort=-masa&lang=en")).toBeNull();
    expect(filtered("/categorie/excavatoare?utm_source=x&fbclid=y")).toBe(key("/categorie/excavatoare"));
  });

  it("keeps one entry of a category's data whatever its filters, and none for a free range, which its loader reads", () => {
    const loaderNames = new Set(["liber-de", "liber-pana"]);
    const data = (address: string) => {
      const url = new URL(address, "http://localhost");
      return pageCacheKey(url.pathname, url.searchParams, undefined, routeIdsOf, loaderNames);
    };
    expect(data("/categorie/excavatoare.data?masa-max=6000&_routes=routes/category")).toBe(
      key("/categorie/excavatoare.data?_routes=routes/category"),
    );
    expect(data("/categorie/excavatoare.data?liber-de=2026-12-07&_routes=routes/category")).toBeNull();
    expect(data("/categorie/excavatoare.data?masa-max=6000&liber-pana=2026-12-11")).toBeNull();
  });

  it("does not cache other spellings of a page's path: each would evict a real page", () => {
    for (const address of [
      "/home//",
      "/home///",
      "/categorie//excavatoare",
      "/h%6Fme",
      "/%68ome",
      "/categorie/%c8%99",
      "/home%2F",
      "/home%",
      "/home//_.data",
    ]) {
      expect(key(address), address).toBeNull();
    }
    expect(key("/categorie/%C8%99ase")).toBe("ro|/categorie/%C8%99ase");
    expect(key("/home/")).toBe("ro|/home/");
  });

  it("does not cache React Router's route manifest", () => {
    expect(key("/__manifest?paths=/home")).toBeNull();
  });
});
