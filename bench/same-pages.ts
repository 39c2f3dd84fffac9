import { cpSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { runBench } from "./lib/bench-main.ts";
import { requireProductionBuild, ROOT, startProductionServer } from "./lib/production-server.ts";
import { writeResults } from "./lib/results.ts";

/**
 * Every public page of the demo catalogue, in both languages, fetched from this build and from
 * another checkout's (`--baseline DIR`) on the same data: their bytes must be the same, the names
 * of hashed build files aside (a change to how pages are made must not change what they are,
 * decision 054). Both servers share one PUBLIC_URL, so the pages' own addresses agree. The documents
 * the server writes beside the pages (the OpenAPI document and its page, the sitemap, robots.txt)
 * are compared the same way, and so is every stylesheet the pages link. A CSS module's class names
 * carry a hash of its source text, comments and layout included, and the line of the class's first
 * rule (`_back_1w7x4_1`), so both are set aside too: an edit that changes no rule renames them, and
 * the stylesheets' comparison shows the rules are the same.
 *
 *   node bench/same-pages.ts --baseline DIR
 *
 * Budget: 0 pages, documents and stylesheets that differ. The first difference of each is printed.
 */

const flags = parseArgs({ options: { baseline: { type: "string" } } }).values;
const PUBLIC_URL = "https://utilaje.test";
/**
 * Pages besides the sitemap's: the offer, a page that does not exist, the root's redirect; then the
 * server's documents.
 */
const EXTRA_PAGES = [
  "/",
  "/categorie",
  "/categorie?lang=en",
  "/nu-exista",
  "/nu-exista?lang=en",
  "/api/openapi.json",
  "/api/docs",
  "/sitemap.xml",
  "/robots.txt",
];

await runBench(async (cleanup) => {
  if (!flags.baseline) throw new Error("same-pages compares two builds: give the other one with --baseline DIR");
  const baselineRoot = path.resolve(flags.baseline);
  requireProductionBuild();
  requireProductionBuild(baselineRoot);
  // The demo seeded once (its ids are random), then copied: both servers serve the same rows. Seeded by
  // the baseline's build, which cannot read a schema newer than its own; this build migrates its copy
  // forward at start, as an update of a running site would.
  const seeded = cleanup.tempDir("utilaje-bench-same-");
  const seeding = await startProductionServer(cleanup, {
    dataDir: seeded,
    seedDemo: true,
    root: baselineRoot,
    env: { PUBLIC_URL },
  });
  await seeding.stop();
  const serverOf = async (root: string, name: string) => {
    const dataDir = cleanup.tempDir(`utilaje-bench-same-${name}-`);
    cpSync(seeded, dataDir, { recursive: true });
    return startProductionServer(cleanup, { dataDir, seedDemo: false, root, env: { PUBLIC_URL } });
  };
  const current = await serverOf(ROOT, "current");
  const baseline = await serverOf(baselineRoot, "baseline");

  const sitemap = await (await fetch(`${current.url}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1].replaceAll("&amp;", "&")).pathname + new URL(match[1].replaceAll("&amp;", "&")).search,
  );
  if (pages.length === 0) throw new Error("the sitemap lists no page");
  const differing: string[] = [];
  /** Each build's stylesheets as the pages link them, by their names without hashes. */
  const stylesheets = [new Map<string, string>(), new Map<string, string>()];
  const report = (what: string, mineBody: string, theirsBody: string, statuses = "") => {
    const at = [...mineBody].findIndex((char, index) => char !== theirsBody[index]);
    console.log(
      `same-pages: ${what} differs${statuses}; from character ${at}:\n  this build: ${mineBody.slice(at, at + 160)}\n  baseline:   ${theirsBody.slice(at, at + 160)}`,
    );
    differing.push(what);
  };
  for (const page of [...pages, ...EXTRA_PAGES]) {
    const [mine, theirs] = await Promise.all(
      [current, baseline].map((server) => fetch(`${server.url}${page}`, { redirect: "manual" })),
    );
    const [mineRaw, theirsRaw] = await Promise.all([mine, theirs].map((reply) => reply.text()));
    [mineRaw, theirsRaw].forEach((body, side) => {
      for (const [, href] of body.matchAll(/href="(\/assets\/[\w.-]+\.css)"/g))
        stylesheets[side].set(withoutBuildHashes(href), href);
    });
    const [mineBody, theirsBody] = [mineRaw, theirsRaw].map(withoutBuildHashes);
    const location = (reply: Response) => reply.headers.get("Location")?.replace(/^https?:\/\/[^/]+/, "");
    if (mine.status !== theirs.status || location(mine) !== location(theirs) || mineBody !== theirsBody) {
      report(page, mineBody, theirsBody, `: ${mine.status} against ${theirs.status}`);
    }
  }
  const [mineSheets, theirSheets] = stylesheets;
  for (const name of new Set([...mineSheets.keys(), ...theirSheets.keys()])) {
    const [mineHref, theirHref] = [mineSheets.get(name), theirSheets.get(name)];
    const [mineCss, theirCss] = await Promise.all(
      [[current, mineHref] as const, [baseline, theirHref] as const].map(async ([server, href]) =>
        href ? withoutBuildHashes(await (await fetch(`${server.url}${href}`)).text()) : "(not linked)",
      ),
    );
    if (mineCss !== theirCss) report(name, mineCss, theirCss);
  }
  const compared = pages.length + EXTRA_PAGES.length + Math.max(mineSheets.size, theirSheets.size);
  console.log(`same-pages: ${compared - differing.length} of ${compared} pages the same`);
  return writeResults("same-pages", [
    {
      name: "public pages, documents and stylesheets that differ from the baseline's",
      value: differing.length,
      unit: "pages",
      budget: 0,
      kind: "at-most",
      details: `${compared} compared (the sitemap's pages in both languages, ${EXTRA_PAGES.join(", ")}, and ${mineSheets.size} stylesheets)${differing.length ? `; differing: ${differing.join(", ")}` : ""}`,
    },
  ]);
});

/**
 * The names of the build's hashed files (`/assets/root-C0n6B3U2.js`, `manifest-1a2b3c4d.js`), the
 * build's version in React Router's manifest (`"version": "1a2b3c4d"`) and CSS modules' class names
 * (`_back_1w7x4_1`: the local name, a hash of the module's source, its first rule's line) without their
 * hashes and lines.
 */
function withoutBuildHashes(html: string): string {
  return html
    .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}(\.(?:js|css|svg|woff2?|png|jpg|webp|avif))/g, "$1$2")
    .replace(/manifest-[0-9a-f]+\.js/g, "manifest.js")
    .replace(/("version":\s*")[0-9a-f]{8}"/g, '$1"')
    .replace(/\b_([A-Za-z][\w-]*?)_[0-9a-z]{5}_\d+\b/g, "_$1");
}
