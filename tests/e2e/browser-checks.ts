import type { Page } from "@playwright/test";

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
