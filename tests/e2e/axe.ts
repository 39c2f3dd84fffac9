import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Resolves once no finite CSS animation or transition has run for three animation frames. A modal
 * or toast fading in is scanned otherwise with half-blended colours, which axe reports as contrast
 * failures (Mantine starts its transitions two frames after the element is already in the DOM).
 */
async function waitForMotionToSettle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const moving = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity,
        );
    for (let quietFrames = 0; quietFrames < 3;) {
      const running = moving();
      if (running.length === 0) {
        quietFrames += 1;
        await nextFrame();
      } else {
        quietFrames = 0;
        await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      }
    }
  });
}

/**
 * Resolves once every toast on the page is fully opaque. Mantine moves a toast in and out with
 * timers that set inline styles, so on a loaded machine a toast can sit half-faded between two
 * transitions that no running animation reports.
 */
async function waitForToastsToSettle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".mantine-Notification-root")].every((toast) => {
      for (let element: Element | null = toast; element; element = element.parentElement)
        if (getComputedStyle(element).opacity !== "1") return false;
      return true;
    }),
  );
}

/**
 * Starts noting whether any CSS transition or animation starts in the document from now on: a toast
 * whose timer ends while axe reads the page fades under it, and its half-blended text would be
 * reported as a contrast failure that no settled page has.
 */
async function startNotingMotion(page: Page): Promise<void> {
  await page.evaluate(() => {
    const noted = window as unknown as { motionSinceMark?: boolean };
    if (noted.motionSinceMark === undefined) {
      const note = () => (noted.motionSinceMark = true);
      document.addEventListener("transitionrun", note, true);
      document.addEventListener("animationstart", note, true);
    }
    noted.motionSinceMark = false;
  });
}

async function motionSinceMark(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { motionSinceMark?: boolean }).motionSinceMark !== false);
}

/** How many scans are taken at most while something moved during each one that found a violation. */
const SCANS_WHILE_MOVING = 4;

/**
 * Fails unless axe finds no violation of impact serious or critical on the page as it is now (open
 * modals included). A scan that found one while something moved on the page is taken again once all
 * is still: a real violation is found again, a toast caught fading is not.
 */
export async function expectNoSeriousA11yViolations(page: Page, what: string): Promise<void> {
  let blocking: string[] = [];
  for (let scan = 1; scan <= SCANS_WHILE_MOVING; scan += 1) {
    await startNotingMotion(page);
    await waitForMotionToSettle(page);
    await waitForToastsToSettle(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    blocking = violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) =>
          `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
            .map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`)
            .join("; ")})`,
      );
    if (blocking.length === 0 || !(await motionSinceMark(page))) break;
  }
  expect(blocking, `accessibility of ${what}`).toEqual([]);
}
