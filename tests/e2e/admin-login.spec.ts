import { TEST_ADMIN } from "../helpers/test-admin.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { waitForHydration } from "./browser-checks.ts";
import { allowConsoleProblems, expect, expectToast, test } from "./fixtures.ts";

test("/admin leads to the login; a wrong password is refused, the right one opens the shell", async ({ page }) => {
  allowConsoleProblems(page, /status of 401/);
  await page.goto("/admin");
  await expect(page).toHaveURL("/admin/login");
  await waitForHydration(page);
  const submit = page.getByRole("button", { name: "Autentificare" });
  await expect(submit).toBeDisabled();
  await expectNoSeriousA11yViolations(page, "/admin/login");

  await page.getByRole("textbox", { name: "Utilizator" }).fill(TEST_ADMIN.username);
  await expect(submit).toBeDisabled();
  await page.getByRole("textbox", { name: "Parola", exact: true }).fill("parola-gresita");
  await submit.click();
  await expectToast(page, "Utilizatorul sau parola sunt gresite.");
  await expect(page).toHaveURL("/admin/login");
  expect(await page.evaluate(() => sessionStorage.getItem("token"))).toBeNull();

  await page.getByRole("textbox", { name: "Parola", exact: true }).fill(TEST_ADMIN.password);
  await submit.click();
  await expect(page).toHaveURL("/admin/main/profile");
  await expectToast(page, "Autentificarea s-a realizat cu succes!");
  await expect(page.getByRole("heading", { level: 1, name: "Profil" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Profil" })).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => sessionStorage.getItem("refreshToken"))).toBeTruthy();
  await expectNoSeriousA11yViolations(page, "/admin/main/profile");
});

test("an unauthenticated visit to the shell remembers the page and returns there after the login", async ({ page }) => {
  await page.goto("/admin/main/profile?tab=1");
  await expect(page).toHaveURL(`/admin/login?redirect=${encodeURIComponent("/admin/main/profile?tab=1")}`);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Utilizator" }).fill(TEST_ADMIN.username);
  await page.getByRole("textbox", { name: "Parola", exact: true }).fill(TEST_ADMIN.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/admin/main/profile?tab=1");
});

// Another site, and a path that climbs out of the shell once the browser reads its `%2e%2e`.
for (const target of ["//evil.example/admin/main", "/admin/main/%2e%2e/%2e%2e/home"]) {
  test(`a remembered address outside the shell is ignored: ${target}`, async ({ page }) => {
    await page.goto(`/admin/login?redirect=${encodeURIComponent(target)}`);
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Utilizator" }).fill(TEST_ADMIN.username);
    await page.getByRole("textbox", { name: "Parola", exact: true }).fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Autentificare" }).click();
    await expect(page).toHaveURL("/admin/main/profile");
  });
}

test("Deconectare ends the session on the server and returns to the login", async ({
  adminPage: page,
  adminSession,
  server,
}) => {
  await page.getByRole("button", { name: "Deconectare" }).click();
  await expect(page).toHaveURL("/admin/login");
  expect(await page.evaluate(() => sessionStorage.getItem("token"))).toBeNull();
  const me = await fetch(new URL("/api/me", server.url), {
    headers: { Authorization: `Bearer ${adminSession.token}` },
  });
  expect(me.status).toBe(401);
  await page.goto("/admin/main");
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
});
