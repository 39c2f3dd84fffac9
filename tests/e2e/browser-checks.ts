import type { Page } from "@playwright/test";

/**
 * Everything the page reports as wrong: console errors and warnings, and uncaught exceptions.
 * Call before navigating; the returned list fills as the page runs.
 */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      const { url, lineNumber } = message.location();
      problems.push(`console.${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.stack ?? error.message}`));
  return problems;
}

/**
 * Resolves once React has hydrated the page: app/root.tsx marks <html data-hydrated> from an effect,
 * and effects run only after the hydration commit.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
}
