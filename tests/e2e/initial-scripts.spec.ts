import { gzipSync } from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { INITIAL_SCRIPT_BUDGET_BYTES } from "../../bench/budgets.ts";
import { initialAssets } from "../../bench/lib/initial-scripts.ts";
import { expect, test } from "./fixtures.ts";

/*
 * Decision 056: the scripts a first visit of each public page type loads to hydrate, in both
 * languages, weigh at most INITIAL_SCRIPT_BUDGET_BYTES gzip (bench/budgets.ts, which the benches
 * read too). What a visitor's feature loads when it is used (the carousel, the cookie bar, the
 * service worker's registration, the quote list editor) comes later and is not counted. How long
 * the page's tasks run is measured by bench/hydration.ts, not here: tests do not time things.
 */

async function publicPages(request: APIRequestContext): Promise<string[]> {
  const [category] = (await (await request.get("/api/category")).json()) as CategoryView[];
  const [product] = (await (await request.get(`/api/product/category/${category.uuid}`)).json()) as ProductView[];
  const types = [
    "/home",
    `/categorie/${category.slug}`,
    `/categorie/${category.slug}/utilaj/${product.slug}`,
    "/contact",
  ];
  return types.flatMap((pathname) => [pathname, `${pathname}?lang=en`]);
}

test("each public page's initial scripts stay in the budget", async ({ request }) => {
  const outcomes: string[] = [];
  for (const pathname of await publicPages(request)) {
    // The modules the page's bootstrap loads (bench/lib/initial-scripts.ts), gzip at node:zlib's default level.
    const { scripts } = initialAssets(await (await request.get(pathname)).text());
    const sizes = await Promise.all(
      scripts.map(async (script) => gzipSync(await (await request.get(script)).body()).length),
    );
    const bytes = sizes.reduce((sum, size) => sum + size, 0);
    outcomes.push(`${pathname}: ${(bytes / 1000).toFixed(1)} kB gzip in ${scripts.length} files`);
    expect.soft(scripts.length, `${pathname}: initial scripts found`).toBeGreaterThan(0);
    expect.soft(bytes, `${pathname}: initial scripts, gzip bytes`).toBeLessThanOrEqual(INITIAL_SCRIPT_BUDGET_BYTES);
  }
  console.log(outcomes.join("\n"));
});
