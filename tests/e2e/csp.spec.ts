import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { allowConsoleProblems, expect, openAdminShell, test } from "./fixtures.ts";
import { waitForHydration } from "./browser-checks.ts";

/**
 * The page's Content-Security-Policy hashes only the application's own inline scripts: a <script>
 * that reaches a page through content (here written straight into the database, past the rich-text
 * sanitiser that would remove it on save) is in the HTML, but the browser refuses to run it, while
 * React Router's scripts run and the page hydrates.
 */
test("a <script> stored in the database does not run; the application's own scripts do", async ({ server, page }) => {
  const [product] = (await (await fetch(new URL("/api/product", server.url))).json()) as ProductView[];
  const injected = '<p>Detalii</p><script>window.__injected = "ran"; document.title = "pwned";</script>';
  await server.services.db.updateTable("products").set({ details: injected }).where("id", "=", product.uuid).execute();
  // What every catalogue write does, so that no cached page hides the change.
  await server.services.db
    .updateTable("app_state")
    .set({ value: "1000" })
    .where("key", "=", "catalogue_version")
    .execute();
  server.services.catalogueVersion.invalidate();

  // The refusal is the point of the test: the browser reports it on the console.
  allowConsoleProblems(page, /Content Security Policy/);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(`/categorie/${product.category_slug}/utilaj/${product.slug}`);
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? "";
  expect(html).toContain('window.__injected = "ran"');
  expect(html).not.toMatch(/nonce=/);

  await waitForHydration(page);
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
  await expect(page).not.toHaveTitle("pwned");
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

/**
 * The browser's Issues panel (DevTools protocol: Audits.enable, then Audits.issueAdded) reports no
 * Content-Security-Policy violation on any public page type, the contact form's own scripts included:
 * zod, which the form loads on first use, would report an eval violation if it probed `new Function`.
 */
test("the Issues panel reports no CSP violation on /home, a category, a product page and /contact in use", async ({
  server,
  page,
}) => {
  const [product] = (await (await fetch(new URL("/api/product", server.url))).json()) as ProductView[];
  const cdp = await page.context().newCDPSession(page);
  const violations: string[] = [];
  cdp.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code === "ContentSecurityPolicyIssue")
      violations.push(`${page.url()}: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
  });
  await cdp.send("Audits.enable");
  for (const pathname of [
    "/home",
    `/categorie/${product.category_slug}`,
    `/categorie/${product.category_slug}/utilaj/${product.slug}`,
  ]) {
    await page.goto(pathname);
    await waitForHydration(page);
  }
  await page.goto("/contact");
  await waitForHydration(page);
  // The form's checks (zod) and captcha load on its first keystroke; an empty send runs the checks.
  const schemaLoaded = page.waitForResponse((response) => /\/assets\/form-checks-[\w-]+\.js$/.test(response.url()));
  const challenge = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/contact/challenge");
  await page.getByLabel("Nume", { exact: true }).fill("Popescu");
  await Promise.all([schemaLoaded, challenge]);
  await page.getByRole("button", { name: "TRIMITEȚI" }).click();
  await expect(page.getByText("Acceptati Politica de Confidentialitate")).toBeVisible();
  // Issues are sent as they are found; a last round trip lets any still on its way arrive.
  await cdp.send("Runtime.evaluate", { expression: "1" });
  expect(violations).toEqual([]);
});

/**
 * The admin screens check their forms with the same zod schemas: jitless in the browser too
 * (common/zod.ts), so the login page and a form screen report no eval violation either.
 */
test("the Issues panel reports no CSP violation on the admin login and a form screen", async ({
  page,
  adminSession,
}) => {
  const cdp = await page.context().newCDPSession(page);
  const violations: string[] = [];
  cdp.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code === "ContentSecurityPolicyIssue")
      violations.push(`${page.url()}: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
  });
  await cdp.send("Audits.enable");
  // The login screen's schema, then the shell and a form screen's: zod probes when a schema is made.
  await openAdminShell(page, adminSession);
  await page.goto("/admin/main/categories/add");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Adaugare categorie" })).toBeVisible();
  await cdp.send("Runtime.evaluate", { expression: "1" });
  expect(violations).toEqual([]);
});
