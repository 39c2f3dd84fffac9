import type { BrowserContext, Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the page: app/root.tsx marks <html data-hydrated> from an effect,
 * and effects run only after the hydration commit. When it never comes (a script that failed to
 * load, an error while hydrating), the failure says what the page logged.
 */
export async function waitForHydration(page: Page): Promise<void> {
  try {
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached", timeout: 15_000 });
  } catch (error) {
    const logged = [
      ...(await page.consoleMessages()).map((message) => `console.${message.type()}: ${message.text()}`),
      ...(await page.pageErrors()).map((pageError) => `uncaught: ${pageError.message}`),
    ];
    throw new Error(`The page never hydrated. It logged:\n${logged.join("\n") || "(nothing)"}`, { cause: error });
  }
}

/**
 * Installs Playwright's clock on `page`, standing still at the present: the page's timers fire only
 * when the test moves time on (`page.clock.runFor`, `fastForward`), so a test of "after 1 s" checks
 * the delay itself and not how fast a loaded machine reaches the next line. React still renders (it
 * schedules through MessageChannel, which the clock leaves alone).
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = Date.now();
  // pauseAt() may only move the clock forward, and it runs from install() until it is paused.
  await page.clock.install({ time: now - 60_000 });
  await page.clock.pauseAt(now);
}

/**
 * The cookie bar answered already ("Refuzati"), for tests of something else: the bar appears a
 * second after hydration over the page's lower part, and a click under way then lands on it.
 */
export async function consentGiven(context: BrowserContext, url: string): Promise<void> {
  await context.addCookies([{ name: "cookie_consent", value: "false", url }]);
}
