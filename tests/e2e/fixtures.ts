import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import type { CategoryView, ConfigurationEntry } from "../../common/catalogue/catalogue-views.ts";
import type { RunningServer } from "../../server/process/start-server.ts";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp.ts";
import { TEST_ADMIN } from "../helpers/test-admin.ts";
import { waitForHydration } from "./browser-checks.ts";
import { startSite } from "./site.ts";

/**
 * The fixtures every browser test uses (import `test` and `expect` from here, not from Playwright):
 *  - `server`: the production build on its own port over a fresh copy of the seeded template data
 *    directory (tests/e2e/global-setup.ts): each test has its own database, removed after it.
 *    `serverEnv` (`test.use({ serverEnv: { ACCESS_TOKEN_TTL: "400" } })`) adds settings; `baseURL`
 *    points at it, so `page.goto("/home")` works. Stopping it early (`server.close()`) is allowed.
 *  - `mailbox`: a real SMTP server the site delivers to (tests/helpers/smtp.ts).
 *  - `page`: fails the test on any console error or warning and any uncaught page error, unless
 *    the test expects it with `allowConsoleProblems(page, /pattern/)` (a 401 it provokes, ...).
 *  - `adminSession` / `adminPage`: the test administrator logged in (tokens from the API, stored
 *    in the tab's session storage as the login screen does), the page opened on the shell
 *    (`openAdminShell`, for a test that prepares the page first).
 *  - `catalogue`: admin API calls to prepare and check data (categories, configuration).
 */

export interface AdminSession {
  token: string;
  refreshToken: string;
}

export interface CatalogueApi {
  categories(): Promise<CategoryView[]>;
  createCategory(name: string): Promise<CategoryView>;
  /** Every stored setting, as Configurare reads them. */
  configuration(): Promise<ConfigurationEntry[]>;
}

interface Fixtures {
  serverEnv: Record<string, string>;
  server: RunningServer;
  mailbox: TestSmtpServer;
  adminSession: AdminSession;
  adminPage: Page;
  catalogue: CatalogueApi;
}

async function callApi<T>(
  server: RunningServer,
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(new URL(pathname, server.url), {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The console problems each page expects (allowConsoleProblems), read when its test ends. */
const pageAllowances = new WeakMap<Page, RegExp[]>();

export const test = base.extend<Fixtures>({
  serverEnv: [{}, { option: true }],

  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, use) => {
    const smtp = await startSmtpServer();
    await use(smtp);
    await smtp.close();
  },

  server: async ({ serverEnv, mailbox }, use) => {
    const template = process.env.E2E_TEMPLATE_DIR;
    if (!template) throw new Error("E2E_TEMPLATE_DIR is not set: tests/e2e/global-setup.ts did not run");
    const dataDir = mkdtempSync(path.join(tmpdir(), "utilaje-e2e-"));
    cpSync(template, dataDir, { recursive: true });
    const server = await startSite({ dataDir, seedDemo: true, env: { SMTP_URL: mailbox.url, ...serverEnv } });
    let closed: Promise<void> | undefined;
    const close = () => (closed ??= server.close());
    await use({ ...server, close });
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  },

  baseURL: async ({ server }, use) => use(server.url),

  page: async ({ page }, use) => {
    const problems: string[] = [];
    const allowed: RegExp[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error" && message.type() !== "warning") return;
      const { url, lineNumber } = message.location();
      problems.push(`console.${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
    });
    page.on("pageerror", (error) => problems.push(`uncaught: ${error.stack ?? error.message}`));
    pageAllowances.set(page, allowed);
    await page.addInitScript(recordToasts);
    await use(page);
    expect(
      problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem))),
      "console errors and page errors",
    ).toEqual([]);
  },

  adminSession: async ({ server }, use) => {
    await use(
      await callApi<AdminSession>(server, "POST", "/api/login", {
        username: TEST_ADMIN.username,
        password: TEST_ADMIN.password,
      }),
    );
  },

  adminPage: async ({ page, adminSession }, use) => {
    await openAdminShell(page, adminSession);
    await use(page);
  },

  catalogue: async ({ server, adminSession }, use) => {
    await use({
      categories: () => callApi(server, "GET", "/api/category"),
      createCategory: (name) => callApi(server, "POST", "/api/category/create", { name }, adminSession.token),
      configuration: () => callApi(server, "GET", "/api/configuration/all", undefined, adminSession.token),
    });
  },
});

/**
 * Opens the admin shell (its Profil screen) logged in as `session`: the tokens go into the tab's
 * session storage as the login screen stores them. For a test that needs something done to the page
 * first (Playwright's clock installed); otherwise take the `adminPage` fixture.
 */
export async function openAdminShell(page: Page, session: AdminSession): Promise<void> {
  await page.goto("/admin/login");
  await page.evaluate((tokens) => {
    sessionStorage.setItem("token", tokens.token);
    sessionStorage.setItem("refreshToken", tokens.refreshToken);
  }, session);
  await page.goto("/admin/main/profile");
  await waitForHydration(page);
  await expect(page.getByRole("navigation", { name: "Meniu administrare" })).toBeVisible();
}

/** Expects console problems matching `pattern` on `page` (a provoked 401 or a stopped server). */
export function allowConsoleProblems(page: Page, pattern: RegExp): void {
  pageAllowances.get(page)?.push(pattern);
}

declare global {
  interface Window {
    /** The texts of the toasts shown in this document, oldest first, not yet matched by expectToast. */
    toastsShown?: string[];
  }
}

/** Runs in each document before its scripts: notes every toast (role="alert") as it appears. */
function recordToasts(): void {
  const shown: string[] = (window.toastsShown = []);
  const noted = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const alert of document.querySelectorAll("[role=alert]")) {
      const text = alert.textContent ?? "";
      if (noted.has(alert) || !text) continue;
      noted.add(alert);
      shown.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * The toast with `text` was shown — on screen now, or shown and gone since the last toast this test
 * matched (on a loaded machine a success toast's few seconds may be over before the page is looked
 * at) — and at most one toast is on screen once the one it replaced has left (spec §9: one at a time).
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((wanted) => {
        const shown = window.toastsShown ?? [];
        const index = shown.findIndex((seen) => seen.includes(wanted));
        if (index >= 0) shown.splice(0, index + 1);
        const onScreen = [...document.querySelectorAll("[role=alert]")].some((alert) =>
          alert.textContent?.includes(wanted),
        );
        return index >= 0 || onScreen;
      }, text),
    )
    .toBe(true);
  await expect.poll(() => page.getByRole("alert").count()).toBeLessThanOrEqual(1);
}

export { expect };
