import { gzipSync } from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import type { CategoryView, ProductView } from "../../common/catalogue.ts";
import { HYDRATION_LONGEST_TASK_MS, INITIAL_SCRIPT_BUDGET_BYTES } from "../../bench/budgets.ts";
import { CPU_SLOWDOWN, traceHydration } from "../../bench/lib/hydration-trace.ts";
import { initialAssets } from "../../bench/lib/initial-scripts.ts";
import { waitForHydration } from "./browser-checks.ts";
import { expect, test } from "./fixtures.ts";

/*
 * Decision 059: what a first visit of each public page type, in both languages, costs a slow phone.
 * At Lighthouse's 4× CPU slowdown no task that runs the site's scripts (module evaluation, the
 * router's start, hydration, effects) lasts longer than HYDRATION_LONGEST_TASK_MS, from the page's
 * first byte until it is hydrated (a Chromium trace: bench/lib/hydration-trace.ts, the browser's
 * own layout and paint aside); and the scripts it loads to hydrate weigh at most
 * INITIAL_SCRIPT_BUDGET_BYTES gzip. Both budgets are bench/budgets.ts's, which the benches read too.
 * What a visitor's feature loads when it is used (the carousel, the cookie bar, the service
 * worker's registration, the quote list editor) comes later and is not counted.
 */

// Four times slower, each of eight pages takes seconds to load and hydrate.
test.setTimeout(240_000);

async function publicPages(request: APIRequestContext): Promise<string[]> {
  const [category] = (await (await request.get("/api/category")).json()) as CategoryView[];
  const [product] = (await (await request.get(`/api/product/category/${category.uuid}`)).json()) as ProductView[];
  const types = ["/home", `/categorie/${category.slug}`, `/categorie/${category.slug}/utilaj/${product.slug}`, "/contact"];
  return types.flatMap((pathname) => [pathname, `${pathname}?lang=en`]);
}

test("each public page hydrates in short tasks at 4× CPU slowdown, with its initial scripts in the budget", async ({ browser, request, baseURL }) => {
  const outcomes: string[] = [];
  for (const pathname of await publicPages(request)) {
    const trace = await traceHydration(browser, new URL(pathname, baseURL).href, waitForHydration);
    const tasks = trace.tasks.filter((task) => task.ranSiteScripts);
    const longest = Math.max(0, ...tasks.map((task) => task.durationMs));
    // The modules the page's bootstrap loads (bench/lib/initial-scripts.ts), gzip at node:zlib's default level.
    const { scripts } = initialAssets(await (await request.get(pathname)).text());
    const sizes = await Promise.all(scripts.map(async (script) => gzipSync(await (await request.get(script)).body()).length));
    const bytes = sizes.reduce((sum, size) => sum + size, 0);
    const listed = tasks.map((task) => `${Math.round(task.durationMs)} ms at ${Math.round(task.startMs)} ms`).join(", ");
    outcomes.push(`${pathname}: longest task ${Math.round(longest)} ms (${listed}); scripts ${(bytes / 1000).toFixed(1)} kB gzip in ${scripts.length} files`);
    expect.soft(longest, `${pathname}: a task of hydration at ${CPU_SLOWDOWN}× slowdown`).toBeLessThanOrEqual(HYDRATION_LONGEST_TASK_MS);
    expect.soft(bytes, `${pathname}: initial scripts, gzip bytes`).toBeLessThanOrEqual(INITIAL_SCRIPT_BUDGET_BYTES);
  }
  console.log(outcomes.join("\n"));
});
