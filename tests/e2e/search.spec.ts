import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { consentGiven, waitForHydration } from "./browser-checks.ts";
import { allowConsoleProblems, expect, openAdminShell, test } from "./fixtures.ts";

/**
 * The header's search box on a phone (decision 060): a visitor types a model with a typo, picks the
 * suggestion with the keyboard and lands on the machine's page; without JavaScript the box sends the
 * form and the server lists the machines; a search that finds nothing reaches the administrator's
 * 'Căutări fără rezultat'.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const box = (page: Page, name = "Căutați un utilaj") =>
  page.getByRole("search").getByRole("searchbox", { name }).or(page.getByRole("combobox", { name }));
const cards = (page: Page, name = "Utilajele găsite") => page.getByRole("list", { name }).getByRole("listitem");

/** /home hydrated, the cookie bar answered, and `query` typed into the header's box. */
async function typedInBox(page: Page, url: string, query: string): Promise<void> {
  await consentGiven(page.context(), url);
  await page.goto("/home");
  await waitForHydration(page);
  await box(page).click();
  await box(page).pressSequentially(query);
}

test("on a phone, a model typed with a typo is suggested, picked with the keyboard and opened", async ({
  page,
  server,
}) => {
  await consentGiven(page.context(), server.url);
  await page.goto("/home");
  await waitForHydration(page);
  const input = box(page);
  await input.click();
  // The first focus loads the suggestions' code, which makes the box a combobox.
  await expect(page.getByRole("combobox", { name: "Căutați un utilaj" })).toHaveAttribute("aria-expanded", "false");
  await input.pressSequentially("kubta");
  const options = page.getByRole("listbox", { name: "Sugestii" }).getByRole("option");
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText("Kubota KX057-5");
  await expect(page.getByRole("combobox")).toHaveAttribute("aria-expanded", "true");
  await expectNoSeriousA11yViolations(page, "the search box with its suggestions");

  // Escape closes the list and keeps what was typed; Down opens it again.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("combobox")).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("combobox")).toHaveValue("kubta");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("combobox")).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("combobox")).toHaveAttribute(
    "aria-activedescendant",
    (await options.first().getAttribute("id")) ?? "",
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/categorie\/excavatoare\/utilaj\/kubota-kx057-5$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Kubota KX057-5");
});

test("a refused question closes the suggestions without saying there are none; Enter still opens the results page", async ({
  page,
  server,
}) => {
  await typedInBox(page, server.url, "kubota");
  const options = page.getByRole("listbox", { name: "Sugestii" }).getByRole("option");
  await expect(options).toHaveCount(1);
  // The server refuses the next question, as it does past an address's allowance.
  allowConsoleProblems(page, /status of 429/);
  let refused = 0;
  await page.route("**/api/search/suggestions?*", (route) => {
    refused += 1;
    return route.fulfill({
      status: 429,
      headers: { "Retry-After": "30" },
      contentType: "application/json",
      body: JSON.stringify({ errors: [{ msg: "ERROR_TOO_MANY_REQUESTS" }] }),
    });
  });
  await box(page).pressSequentially(" kx");
  await expect.poll(() => refused).toBeGreaterThan(0);
  await expect(page.getByRole("combobox")).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("listbox", { name: "Sugestii", includeHidden: true })).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Nicio sugestie" })).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cautare\?q=kubota\+kx$/);
  await expect(cards(page).getByRole("link")).toContainText(["Kubota KX057-5"]);
});

test("with JavaScript, Enter without a chosen suggestion opens the results page", async ({ page, server }) => {
  await typedInBox(page, server.url, "excavatr");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cautare\?q=excavatr$/);
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page).getByRole("link")).toContainText(["CAT 320"]);
  await expectNoSeriousA11yViolations(page, "the search results");
});

test("without JavaScript the box sends the form and the server lists the machines, in both languages", async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url, viewport: PHONE });
  try {
    await consentGiven(context, server.url);
    const page = await context.newPage();
    await page.goto("/home");
    await box(page).fill("cilindru");
    await box(page).press("Enter");
    await expect(page).toHaveURL(/\/cautare\?q=cilindru$/);
    await expect(cards(page)).toHaveCount(3);
    await expect(cards(page).first()).toContainText("Cilindri compactori");
    await expect(
      cards(page)
        .first()
        .getByRole("button", { name: /Adăugați la cerere/ }),
    ).toBeVisible();

    await page.goto("/home?lang=en");
    await box(page, "Search equipment").fill("road roller");
    await box(page, "Search equipment").press("Enter");
    await expect(page).toHaveURL(/\/cautare\?q=road\+roller&lang=en$/);
    await expect(cards(page, "Equipment found")).toHaveCount(3);
    await expect(cards(page, "Equipment found").first()).toContainText("Road rollers");
  } finally {
    await context.close();
  }
});

test("a search that finds nothing is in the administrator's list", async ({ page, server, adminSession }) => {
  await consentGiven(page.context(), server.url);
  await page.goto("/cautare?q=Macara");
  await expect(page.getByRole("status").filter({ hasText: "Nu am găsit niciun utilaj pentru „Macara”" })).toBeVisible();
  await openAdminShell(page, adminSession);
  // On a phone the menu is folded away: the screen is opened by its address.
  await page.goto("/admin/main/search-misses");
  await expect(page.getByRole("heading", { level: 1, name: "Căutări fără rezultat" })).toBeVisible();
  await expect(page.getByRole("row", { name: /macara/ })).toContainText("1");
  await expect(page.getByRole("link", { name: "Căutări fără rezultat" })).toHaveAttribute(
    "href",
    "/admin/main/search-misses",
  );
  await expectNoSeriousA11yViolations(page, "the searches without results");
});
