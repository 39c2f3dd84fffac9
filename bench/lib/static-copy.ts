import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { freePort } from "../../tests/helpers/free-port.ts";
import { startNginx } from "../../tests/helpers/nginx.ts";
import type { Cleanup } from "./bench-main.ts";
import { PHONE_412 } from "./first-visit-transfer.ts";

/**
 * The same bytes a server sends for some pages, served by nginx from files: what those pages would
 * score if the server took no time at all, for scale beside the server's own figures. Everything a
 * phone's first visit of each page asks for (the page, its scripts, stylesheets, pictures, the later
 * banners, the route manifest), every file of the build and every picture the HTML names is fetched
 * from the server as a browser fetches it (`Accept-Encoding: br, gzip`, the bytes as they come) and
 * served at the same path with the same type, coding and caching headers. The query string is
 * ignored: each path has one copy.
 */

/** Response headers copied to nginx's reply. */
const COPIED_HEADERS = [
  "content-encoding",
  "cache-control",
  "vary",
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
];

interface Reply {
  status: number;
  body: Buffer;
  headers: Record<string, string>;
}

function rawGet(url: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { "Accept-Encoding": "br, gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers))
          if (typeof value === "string") headers[name] = value;
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * The same-origin addresses a first visit of `pathname` at Lighthouse's phone asks for, hydrated
 * and its later banners in.
 */
async function visitedPaths(browser: Browser, base: string, pathname: string): Promise<string[]> {
  const context = await browser.newContext({
    viewport: { width: PHONE_412.width, height: PHONE_412.height },
    deviceScaleFactor: PHONE_412.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const seen = new Set<string>();
    context.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(base).origin) seen.add(url.pathname + url.search);
    });
    const laterBanners = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/banner");
    await page.goto(base + pathname, { waitUntil: "load" });
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    await laterBanners;
    await page.waitForLoadState("networkidle");
    return [...seen];
  } finally {
    await context.close();
  }
}

/** Every file of a build's client directory, as its URL path (the precompressed siblings are the server's business). */
function buildFiles(root: string): string[] {
  const dir = path.join(root, "build", "client");
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name))}`);
}

const quoted = (value: string) => `"${value.replace(/["\\$]/g, (character) => `\\${character}`)}"`;

/**
 * Starts nginx (one worker per core, `workers`) on a copy of `pathnames` and what they load from the
 * server at `base`, whose build is in `root`. Returns nginx's base URL; stopped at clean-up.
 */
export async function startStaticCopy(
  cleanup: Cleanup,
  options: { binary: string; browser: Browser; base: string; root: string; pathnames: string[]; workers: number },
): Promise<string> {
  const dir = cleanup.tempDir("utilaje-static-copy-");
  const www = path.join(dir, "www");
  mkdirSync(www);
  const paths = new Set<string>([...options.pathnames, ...buildFiles(options.root)]);
  for (const pathname of options.pathnames) {
    for (const visited of await visitedPaths(options.browser, options.base, pathname)) paths.add(visited);
    const html = await (await fetch(options.base + pathname)).text();
    for (const [picture] of html.matchAll(/\/media\/[^\s"',]+/g)) paths.add(picture);
  }
  const locations: string[] = [];
  const written = new Set<string>();
  let index = 0;
  for (const address of paths) {
    const pathname = address.split("?")[0];
    if (written.has(pathname)) continue;
    const reply = await rawGet(options.base + address);
    if (reply.status !== 200) continue;
    written.add(pathname);
    const file = path.join(www, String(index++));
    writeFileSync(file, reply.body);
    const headers = COPIED_HEADERS.filter((name) => reply.headers[name]).map(
      (name) => `add_header ${name} ${quoted(reply.headers[name])} always;`,
    );
    locations.push(
      `location = ${quoted(pathname)} { default_type ${quoted(reply.headers["content-type"] ?? "application/octet-stream")}; ${headers.join(" ")} alias ${file}; }`,
    );
  }
  const port = await freePort();
  const nginx = await startNginx({
    binary: options.binary,
    dir,
    port,
    workers: options.workers,
    probePath: options.pathnames[0],
    http: `  access_log off;
  sendfile on;
  tcp_nopush on;
  etag off;
  types { }
  server {
    listen 127.0.0.1:${port};
    ${locations.join("\n    ")}
  }`,
  });
  cleanup.add(() => nginx.stop());
  return nginx.url;
}
