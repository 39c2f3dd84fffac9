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
