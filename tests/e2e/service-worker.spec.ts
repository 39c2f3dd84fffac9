import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { waitForHydration } from "./browser-checks.ts";
import { allowConsoleProblems, expect, test } from "./fixtures.ts";

/**
 * Spec §1/§4: the production build registers a Workbox service worker once the app is stable. A
 * visited page still opens offline, an unvisited one shows the offline page in the visitor's
 * language, and pages go to the network first, so an admin's change shows as soon as the visitor
 * is online again.
 */
test("the service worker serves a visited page offline, the offline page for an unvisited one, and an admin's change once online", async ({
  page,
  context,
  request,
  catalogue,
}) => {
  // Offline, the browser reports the requests the worker could not make (the later banners).
  allowConsoleProblems(page, /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
  const [category] = (await (await request.get("/api/category")).json()) as CategoryView[];
  if (!category) throw new Error("The demo catalogue has no category");
  const heading = page.getByRole("heading", { level: 1 });

  await page.goto("/home");
  await waitForHydration(page);
  // Registered once the page is stable, then in control of it (it claims the open pages).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 35_000 });
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toMatch(
    /\/sw\.js$/,
  );

  await page.goto(`/categorie/${category.slug}`);
  await expect(heading).toHaveText(category.name);

  await context.setOffline(true);
  await page.goto(`/categorie/${category.slug}`);
  await expect(heading).toHaveText(category.name);
  await page.goto("/contact");
  await expect(heading).toHaveText("Nu există conexiune la internet");

  await context.setOffline(false);
  const name = `Proba lucrator ${Date.now()}`;
  await catalogue.createCategory(name);
  await page.goto("/home");
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
});

test("the offline page speaks English to a visitor who chose English", async ({ page, context, server }) => {
  allowConsoleProblems(page, /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
  await context.addCookies([{ name: "lang", value: "en", url: server.url }]);
  await page.goto("/home");
  await waitForHydration(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 35_000 });
  await context.setOffline(true);
  await page.goto("/version");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No internet connection");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
