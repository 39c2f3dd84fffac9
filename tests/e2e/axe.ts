import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails unless axe finds no violation of impact serious or critical on the page as it is now (open modals included). */
export async function expectNoSeriousA11yViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`)
          .join("; ")})`,
    );
  expect(blocking, `accessibility of ${what}`).toEqual([]);
}
