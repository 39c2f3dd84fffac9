import { describe, expect, it } from "vitest";
import { deferredModules, scriptsAfterPaint } from "../../app/lib/scripts-after-paint.ts";
import { appScripts } from "../../server/pages/csp.ts";

const MARK = "m4rk";
const BOOTSTRAP =
  'import * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client.js");';
/** The shape React Router renders: module preloads hoisted into the head, the bootstrap in the body. */
const PAGE =
  `<html><head><link rel="modulepreload" href="/assets/entry.client.js" nonce="${MARK}"/>` +
  `<link rel="modulepreload" href="/assets/framework.js" nonce="${MARK}"/><link rel="stylesheet" href="/assets/site.css"/></head>` +
  `<body><img src="/media/a.jpg" fetchpriority="high"/><script nonce="${MARK}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${MARK}" type="module" async="">${BOOTSTRAP}</script><p>after</p></body></html>`;

describe("scriptsAfterPaint", () => {
  const html = scriptsAfterPaint(PAGE, MARK);

  it("drops the module preloads and makes React Router's bootstrap inert, its content unchanged", () => {
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toContain('type="module"');
    expect(html).toContain(`<script nonce="${MARK}" type="text/x-after-paint" async="">${BOOTSTRAP}</script>`);
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
    expect(html).toContain("<p>after</p>");
  });

  it("follows the bootstrap with a marked loader that preloads the same modules, so the page's policy hashes both", () => {
    const loader = /<\/script><script nonce="m4rk">([\s\S]*?)<\/script><p>after/.exec(html)?.[1] ?? "";
    expect(loader).toContain("document.currentScript.previousElementSibling");
    expect(loader).toContain('["/assets/entry.client.js","/assets/framework.js"]');
    expect(loader).toContain('img[fetchpriority="high"]');
    // The bootstrap the loader brings back as a module script has the hash the policy allows.
    const { hashes } = appScripts([Buffer.from(html)], MARK);
    const expected = `<script nonce="${MARK}">window.__reactRouterContext = {};</script><script nonce="${MARK}">${BOOTSTRAP}</script><script nonce="${MARK}">${loader}</script>`;
    expect(hashes).toEqual(appScripts([Buffer.from(expected)], MARK).hashes);
  });

  it("names the modules the loader will preload (the page's initial scripts)", () => {
    expect(deferredModules(html)).toEqual(["/assets/entry.client.js", "/assets/framework.js"]);
    expect(deferredModules(PAGE)).toEqual([]);
  });

  it("preloads with them the modules the client entry imports itself (the page language's dictionary)", () => {
    expect(deferredModules(scriptsAfterPaint(PAGE, MARK, ["/assets/ro.js"]))).toEqual([
      "/assets/entry.client.js",
      "/assets/framework.js",
      "/assets/ro.js",
    ]);
  });

  it("leaves a page without React Router's bootstrap as it is", () => {
    const plain = '<html><body><link rel="modulepreload" href="/x.js"/></body></html>';
    expect(scriptsAfterPaint(plain, MARK)).toBe(plain);
  });
});
