import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { deferredModules } from "../../app/lib/scripts-after-paint.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

/*
 * What each public page type loads to hydrate, read from the production build's HTML as a browser
 * gets it: no validation library (zod) and no captcha code (altcha-lib's solver, our captcha module)
 * on /home, a category page or a product page. The contact form brings both, only when it is used.
 */

/**
 * Text only zod's core holds (its schema classes' names), and only the captcha's code: its
 * challenge address and ALTCHA's parameters.
 */
const ZOD = "$ZodType";
const CAPTCHA = ["/api/contact/challenge", "keyPrefix"];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true" }, await productionSite());
});
afterAll(async () => {
  await server?.close();
});

async function text(pathname: string): Promise<string> {
  const response = await server.fetch(pathname);
  expect(response.status, pathname).toBe(200);
  return response.text();
}

/** The initial scripts of a page, each with its code. */
async function initialScripts(pathname: string): Promise<{ url: string; code: string }[]> {
  const modules = deferredModules(await text(pathname));
  expect(modules.length, `${pathname} names its modules`).toBeGreaterThan(0);
  return Promise.all(modules.map(async (url) => ({ url, code: await text(url) })));
}

/**
 * Every chunk a page's scripts import when asked (`import("./x.js")`), the ones the contact form
 * loads on first use among them.
 */
async function lazyChunks(scripts: { code: string }[]): Promise<string[]> {
  // Vite names a lazy chunk and its dependencies as "assets/x.js" (its preload list) or "./x.js" (the import itself).
  const names = new Set(
    scripts.flatMap(({ code }) =>
      [...code.matchAll(/["`](?:\.\/|assets\/)([\w.-]+\.js)["`]/g)].map(([, name]) => `/assets/${name}`),
    ),
  );
  return Promise.all([...names].map(text));
}

async function pagesOfEachType(): Promise<string[]> {
  const [category] = (await (await server.fetch("/api/category")).json()) as CategoryView[];
  const [product] = (await (await server.fetch(`/api/product/category/${category.uuid}`)).json()) as ProductView[];
  return ["/home", `/categorie/${category.slug}`, `/categorie/${category.slug}/utilaj/${product.slug}`];
}

describe("the public pages' initial scripts", () => {
  it("hold neither zod nor the captcha on /home, a category page and a product page", async () => {
    for (const pathname of await pagesOfEachType()) {
      for (const { url, code } of await initialScripts(pathname)) {
        expect(code.includes(ZOD), `${pathname}: ${url} holds zod`).toBe(false);
        for (const mark of CAPTCHA)
          expect(code.includes(mark), `${pathname}: ${url} holds the captcha (${mark})`).toBe(false);
      }
    }
  });

  it("bring zod and the captcha to /contact only when its form is used", async () => {
    const scripts = await initialScripts("/contact");
    expect(scripts.some(({ code }) => code.includes(ZOD) || CAPTCHA.some((mark) => code.includes(mark)))).toBe(false);
    const lazy = await lazyChunks(scripts);
    expect(
      lazy.some((code) => code.includes(ZOD)),
      "a chunk /contact loads on use holds zod",
    ).toBe(true);
    expect(
      lazy.some((code) => code.includes(CAPTCHA[0])),
      "a chunk /contact loads on use holds the captcha",
    ).toBe(true);
  });
});
