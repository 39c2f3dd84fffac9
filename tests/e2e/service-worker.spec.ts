import { expect, test } from "@playwright/test";
import type { CategoryView } from "../../common/catalogue.ts";
import { TEST_ADMIN } from "../helpers/test-admin.ts";
import { collectConsoleProblems, waitForHydration } from "./browser-checks.ts";

/**
 * Spec §1/§4: the production build registers a Workbox service worker once the app is stable. A
 * visited page still opens offline, an unvisited one shows the offline page in the visitor's
 * language, and pages go to the network first, so an admin's change shows as soon as the visitor
 * is online again.
 */
test("the service worker serves a visited page offline, the offline page for an unvisited one, and an admin's change once online", async ({ page, context, request }) => {
  test.setTimeout(60_000);
  const problems = collectConsoleProblems(page);
  const [category] = (await (await request.get("/api/category")).json()) as CategoryView[];
  if (!category) throw new Error("The demo catalogue has no category");
  const heading = page.getByRole("heading", { level: 1 });

  await page.goto("/home");
  await waitForHydration(page);
  // Registered once the page is stable, then in control of it (it claims the open pages).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 35_000 });
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toMatch(/\/sw\.js$/);

  await page.goto(`/categorie/${category.slug}`);
  await expect(heading).toHaveText(category.name);

  await context.setOffline(true);
  await page.goto(`/categorie/${category.slug}`);
  await expect(heading).toHaveText(category.name);
  await page.goto("/contact");
  await expect(heading).toHaveText("Nu există conexiune la internet");

  await context.setOffline(false);
  const login = await request.post("/api/login", { data: { username: TEST_ADMIN.username, password: TEST_ADMIN.password } });
  const { token } = (await login.json()) as { token: string };
  const name = `Proba lucrator ${Date.now()}`;
  const created = await request.post("/api/category/create", { data: { name }, headers: { Authorization: `Bearer ${token}` } });
  expect(created.status()).toBe(201);
  try {
    await page.goto("/home");
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  } finally {
    const { uuid } = (await created.json()) as CategoryView;
    await request.delete(`/api/category/${uuid}`, { headers: { Authorization: `Bearer ${token}` } });
  }
  // The offline document's own failed request is the browser's, not the page's: nothing else went wrong.
  expect(problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(problem))).toEqual([]);
});

test("the offline page speaks English to a visitor who chose English", async ({ page, context }) => {
  test.setTimeout(60_000);
  await context.addCookies([{ name: "lang", value: "en", url: process.env.E2E_BASE_URL ?? "" }]);
  await page.goto("/home");
  await waitForHydration(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 35_000 });
  await context.setOffline(true);
  await page.goto("/version");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No internet connection");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
