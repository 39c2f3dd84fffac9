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
 * decision 054). Both servers share one PUBLIC_URL, so the pages' own addresses agree.
 *
 *   node bench/same-pages.ts --baseline DIR
 *
 * Budget: 0 pages that differ. The first difference of each is printed.
 */

const flags = parseArgs({ options: { baseline: { type: "string" } } }).values;
const PUBLIC_URL = "https://utilaje.test";
/** Pages besides the sitemap's: the offer, a page that does not exist, the root's redirect. */
const EXTRA_PAGES = ["/", "/categorie", "/categorie?lang=en", "/nu-exista", "/nu-exista?lang=en"];

await runBench(async (cleanup) => {
  if (!flags.baseline) throw new Error("same-pages compares two builds: give the other one with --baseline DIR");
  const baselineRoot = path.resolve(flags.baseline);
  requireProductionBuild();
  requireProductionBuild(baselineRoot);
  // The demo seeded once (its ids are random), then copied: both servers serve the same rows.
  const seeded = cleanup.tempDir("utilaje-bench-same-");
  const seeding = await startProductionServer(cleanup, { dataDir: seeded, seedDemo: true, env: { PUBLIC_URL } });
  await seeding.stop();
  const serverOf = async (root: string, name: string) => {
    const dataDir = cleanup.tempDir(`utilaje-bench-same-${name}-`);
    cpSync(seeded, dataDir, { recursive: true });
    return startProductionServer(cleanup, { dataDir, seedDemo: false, root, env: { PUBLIC_URL } });
  };
  const current = await serverOf(ROOT, "current");
  const baseline = await serverOf(baselineRoot, "baseline");

  const sitemap = await (await fetch(`${current.url}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1].replaceAll("&amp;", "&")).pathname + new URL(match[1].replaceAll("&amp;", "&")).search);
  if (pages.length === 0) throw new Error("the sitemap lists no page");
  const differing: string[] = [];
  for (const page of [...pages, ...EXTRA_PAGES]) {
    const [mine, theirs] = await Promise.all([current, baseline].map((server) => fetch(`${server.url}${page}`, { redirect: "manual" })));
    const [mineBody, theirsBody] = await Promise.all([mine, theirs].map(async (reply) => withoutBuildHashes(await reply.text())));
    const location = (reply: Response) => reply.headers.get("Location")?.replace(/^https?:\/\/[^/]+/, "");
    if (mine.status !== theirs.status || location(mine) !== location(theirs) || mineBody !== theirsBody) {
      const at = [...mineBody].findIndex((char, index) => char !== theirsBody[index]);
      console.log(`same-pages: ${page} differs: ${mine.status} against ${theirs.status}; from character ${at}:\n  this build: ${mineBody.slice(at, at + 160)}\n  baseline:   ${theirsBody.slice(at, at + 160)}`);
      differing.push(page);
    }
  }
  const compared = pages.length + EXTRA_PAGES.length;
  console.log(`same-pages: ${compared - differing.length} of ${compared} pages the same`);
  return writeResults("same-pages", [
    { name: "public pages that differ from the baseline's", value: differing.length, unit: "pages", budget: 0, kind: "at-most", details: `${compared} pages compared (the sitemap's, both languages, and ${EXTRA_PAGES.join(", ")})${differing.length ? `; differing: ${differing.join(", ")}` : ""}` },
  ]);
});

/**
 * The names of the build's hashed files (`/assets/root-C0n6B3U2.js`, `manifest-1a2b3c4d.js`) and the
 * build's version in React Router's manifest (`"version": "1a2b3c4d"`) without their hashes.
 */
function withoutBuildHashes(html: string): string {
  return html
    .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}(\.(?:js|css|svg|woff2?|png|jpg|webp|avif))/g, "$1$2")
    .replace(/manifest-[0-9a-f]+\.js/g, "manifest.js")
    .replace(/("version":\s*")[0-9a-f]{8}"/g, '$1"');
}
