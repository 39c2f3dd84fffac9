import path from "node:path";
import { parseArgs } from "node:util";
import { runBench, type Cleanup } from "./lib/bench-main.ts";
import { weighScripts, type PageScripts } from "./lib/initial-scripts.ts";
import { choosePages } from "./lib/pages.ts";
import { ROOT, requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";

/**
 * The admin module's weight, against the public pages it must not burden:
 *  - each admin route's initial JavaScript (gzip, every script its server-rendered HTML preloads or
 *    imports) and CSS; budget: the login page ≤ 200 kB of JavaScript;
 *  - the public pages: no admin script or stylesheet, and — with `--baseline DIR`, another
 *    checkout's production build (for example `git archive` of the commit before the admin,
 *    unpacked, node_modules linked, built) served in the same run — their initial JavaScript before
 *    and after, with the ratio.
 *
 * Usage: `npm run build`, then `node_modules/.bin/node bench/admin-weight.ts [--baseline DIR]`.
 * kB are 1000 bytes. Figures and exit code as every bench (bench/README.md).
 */

const LOGIN_BUDGET_BYTES = 200_000;
const ADMIN_ROUTES = [
  "/admin/login",
  "/admin/reset",
  "/admin/reset/token-of-a-link",
  "/admin/main/profile",
  "/admin/main/categories",
  "/admin/main/categories/add",
  "/admin/main/categories/edit/00000000-0000-4000-8000-000000000000",
  "/admin/main/configuration",
  "/admin/main/products",
  "/admin/main/products/add",
  "/admin/main/banner",
  "/admin/main/leads",
  "/admin/main/leads/00000000-0000-4000-8000-000000000000",
  "/admin/main/demand",
];

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function serve(cleanup: Cleanup, root: string, name: string): Promise<string> {
  requireProductionBuild(root);
  const server = await startProductionServer(cleanup, {
    dataDir: cleanup.tempDir(`utilaje-admin-weight-${name}-`),
    seedDemo: true,
    root,
  });
  return server.url;
}

async function publicPages(base: string): Promise<PageScripts[]> {
  const { categoryPath, productPath } = await choosePages(base);
  return [
    await weighScripts(base, "home", "/home"),
    await weighScripts(base, "category", categoryPath),
    await weighScripts(base, "product", productPath),
  ];
}

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { baseline: { type: "string" } } });
  const base = await serve(cleanup, ROOT, "current");
  const baseline = values.baseline ? await serve(cleanup, path.resolve(values.baseline), "baseline") : undefined;
  const figures: Figure[] = [];

  console.log(
    `Admin routes: initial JavaScript and CSS (gzip) — budget ${kB(LOGIN_BUDGET_BYTES)} of JavaScript on the login page`,
  );
  const routes: PageScripts[] = [];
  for (const pathname of ADMIN_ROUTES) {
    if ((await fetch(new URL(pathname, base))).status === 404) {
      console.log(`  ${"—".padStart(9)}                    not built (404)  ${pathname}`);
      continue;
    }
    const page = await weighScripts(base, pathname, pathname);
    routes.push(page);
    console.log(
      `  ${kB(page.gzipBytes).padStart(9)} JS  ${kB(page.cssGzipBytes).padStart(9)} CSS  ${page.chunks.length} scripts  ${pathname}`,
    );
  }
  const login = routes[0];
  figures.push({
    name: "initial JavaScript of /admin/login (gzip)",
    value: round(login.gzipBytes / 1000),
    unit: "kB",
    budget: LOGIN_BUDGET_BYTES / 1000,
    kind: "at-most",
    // The other routes have no budget of their own: their figures travel with this one.
    details: routes.map((page) => `${page.pathname} ${kB(page.gzipBytes)}`).join("; "),
  });

  const current = await publicPages(base);
  const before = baseline ? await publicPages(baseline) : undefined;
  console.log(
    `\nPublic pages: initial JavaScript (gzip)${before ? ", baseline → current" : ""}, and admin files among what they load`,
  );
  for (const [index, page] of current.entries()) {
    const previous = before?.[index];
    const comparison = previous
      ? `${kB(previous.gzipBytes).padStart(9)} → ${kB(page.gzipBytes).padStart(9)}  × ${round(page.gzipBytes / previous.gzipBytes)}`
      : kB(page.gzipBytes).padStart(9);
    const admin = page.adminHits.length > 0 ? `ADMIN: ${page.adminHits.join(", ")}` : "no admin";
    console.log(`  ${page.label.padEnd(9)} ${comparison}  ${admin}  ${page.pathname}`);
    if (previous) {
      figures.push({
        name: `initial JavaScript of the ${page.label} page, current ÷ baseline`,
        value: round(page.gzipBytes / previous.gzipBytes),
        unit: "×",
        budget: 1.01,
        kind: "at-most",
        details: `${kB(previous.gzipBytes)} → ${kB(page.gzipBytes)} (${page.pathname})`,
      });
    }
  }
  const hits = current.flatMap((page) => page.adminHits.map((hit) => `${page.label}: ${hit}`));
  figures.push({
    name: "admin scripts or stylesheets on public pages",
    value: hits.length,
    unit: "files",
    budget: 1,
    kind: "below",
    details: hits.length > 0 ? hits.join(", ") : "none on /home, the category page or the product page",
  });
  console.log("");
  return writeResults("admin-weight", figures);
});
