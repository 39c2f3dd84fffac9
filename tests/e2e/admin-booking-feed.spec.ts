import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, expectToast, test } from "./fixtures.ts";

/**
 * The bookings' calendar address in Configurare (decision 071): made, shown once, readable by a
 * calendar client; renewed after a question, the old address then refused.
 */

test("the administrator makes the calendar's address, then renews it and the old one stops", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/main/configuration");
  const feed = page.getByRole("group", { name: "Calendarul rezervarilor" });
  await expect(feed).toContainText("Calendarul nu are inca o adresa.");
  await feed.getByRole("button", { name: "Creati adresa calendarului" }).click();
  await expectToast(page, "Adresa calendarului a fost creata cu succes!");
  const address = feed.getByRole("textbox", { name: /^Adresa calendarului/ });
  const first = await address.inputValue();
  expect(first).toMatch(/\/api\/bookings\/feed\/[A-Za-z0-9_-]{43}\/rezervari\.ics$/);
  const calendar = await page.request.get(first);
  expect(calendar.status()).toBe(200);
  expect(await calendar.text()).toMatch(/^BEGIN:VCALENDAR/);
  await expectNoSeriousA11yViolations(page, "the calendar's address");

  await feed.getByRole("button", { name: "Reinnoiti adresa calendarului" }).click();
  const question = page.getByRole("dialog", { name: "Reinnoire adresa calendarului" });
  await expectNoSeriousA11yViolations(page, "the renewal's question");
  await question.getByRole("button", { name: "Reinnoiti" }).click();
  await expect(address).not.toHaveValue(first);
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(await address.inputValue())).status()).toBe(200);
});
