import { expect, test } from "./fixtures.ts";
import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { waitForHydration } from "./browser-checks.ts";

/** Text as React writes it into HTML, to find a name in the raw server reply. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

test("home renders server-side with the seeded categories and hydrates with no console errors", async ({
  page,
  request,
}) => {
  const categories = (await (await request.get("/api/category")).json()) as CategoryView[];
  const names = categories.map((category) => category.name);
  expect(names).toContain("Excavatoare");

  const response = await request.get("/home");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  // The markup itself, not the hydration data that also carries the names.
  const markup = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  for (const name of names) expect(markup, name).toContain(escapeHtml(name));

  await page.goto("/home");
  await waitForHydration(page);
  for (const name of names) await expect(page.getByText(name, { exact: true }).first(), name).toBeVisible();
  await page.waitForLoadState("networkidle");
});

test("home has no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/home");
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, "/home");
});
