import type { Page } from "@playwright/test";
import { resetTokenOf } from "../helpers/smtp.ts";
import { TEST_ADMIN } from "../helpers/test-admin.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { waitForHydration } from "./browser-checks.ts";
import { allowConsoleProblems, expect, expectToast, openAdminShell, test } from "./fixtures.ts";

async function logInThroughTheForm(page: Page, password: string): Promise<void> {
  await page.getByRole("textbox", { name: "Utilizator" }).fill(TEST_ADMIN.username);
  await page.getByRole("textbox", { name: "Parola", exact: true }).fill(password);
  await page.getByRole("button", { name: "Autentificare" }).click();
}

test("forgotten password: the mailed link opens the reset page, the new password logs in", async ({
  page,
  mailbox,
  server,
}) => {
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Ati uitat parola?" }).click();
  await expect(page).toHaveURL("/admin/reset");
  const mail = page.getByRole("textbox", { name: "Adresa de email" });
  await page.getByRole("button", { name: "Trimiteti" }).click();
  await expect(page.getByText("Adresa de email este obligatorie")).toBeVisible();
  await mail.fill("nu-este-email");
  await mail.blur();
  await expect(page.getByText("Adresa de email nu respecta formatul nume@domeniu.ro")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/admin/reset");
  await mail.fill(TEST_ADMIN.email);
  await page.getByRole("button", { name: "Trimiteti" }).click();
  await expectToast(page, "Mesajul a fost trimis cu succes!");

  const token = resetTokenOf(await mailbox.nextMail(), server.url);
  await page.goto(`/admin/reset/${token}`);
  await waitForHydration(page);
  const password = page.getByRole("textbox", { name: "Parola noua" });
  const meter = page.getByTestId("password-strength");
  await expect(meter).toHaveAttribute("data-bars", "0");
  await password.fill("abc");
  await expect(meter).toHaveAttribute("data-bars", "1");
  await expect(meter).toContainText("Foarte slaba");
  const newPassword = "Excavator#Galben-2026";
  await password.fill(newPassword);
  await expect(meter).toHaveAttribute("data-bars", "5");
  await expect(meter).toContainText("Puternica");
  await page.getByRole("textbox", { name: "Confirmarea parolei" }).fill("Altceva#2026");
  await page.getByRole("button", { name: "Salvati parola" }).click();
  await expect(page.getByText("Parola noua nu corespunde confirmarii.")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/admin/reset/{token}");
  await page.getByRole("textbox", { name: "Confirmarea parolei" }).fill(newPassword);
  await page.getByRole("button", { name: "Salvati parola" }).click();
  await expectToast(page, "Parola a fost schimbata cu succes!");
  await expect(page).toHaveURL("/admin/login");

  await logInThroughTheForm(page, newPassword);
  await expect(page).toHaveURL("/admin/main/profile");
});

test("profile: a wrong current password is refused; the change keeps this session and the new password logs in", async ({
  adminPage: page,
  server,
}) => {
  allowConsoleProblems(page, /status of 400/);
  const newPassword = "Buldozer!Verde-77";
  await page.getByRole("textbox", { name: "Parola actuala" }).fill("nu-este-parola");
  await page.getByRole("textbox", { name: "Parola noua" }).fill(newPassword);
  await expect(page.getByTestId("password-strength")).toHaveAttribute("data-bars", "5");
  await page.getByRole("textbox", { name: "Confirmarea parolei" }).fill(newPassword);
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Parola actuala este incorecta.");
  await expect(page.getByText("Parola actuala este incorecta.").first()).toBeVisible();

  await page.getByRole("textbox", { name: "Parola actuala" }).fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Parola a fost actualizata cu succes!");
  await expect(page.getByRole("textbox", { name: "Parola actuala" })).toHaveValue("");

  // The stored token is the one the change returned: the shell still works.
  await page.getByRole("link", { name: "Categorii produse" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Categorii produse" })).toBeVisible();
  const login = (password: string) =>
    fetch(new URL("/api/login", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: TEST_ADMIN.username, password }),
    });
  expect((await login(newPassword)).status).toBe(200);
  expect((await login(TEST_ADMIN.password)).status).toBe(401);
});

test("a 401 clears the session and goes to the login, which returns to the page after logging in again", async ({
  adminPage: page,
  adminSession,
  server,
}) => {
  allowConsoleProblems(page, /status of 401/);
  const endSessionElsewhere = async (token: string) => {
    const logout = await fetch(new URL("/api/logout", server.url), { headers: { Authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(204);
  };
  const storedSession = () =>
    page.evaluate(() => [sessionStorage.getItem("token"), sessionStorage.getItem("refreshToken")]);

  // A write refused with 401: the session is cleared and the login remembers the page.
  await endSessionElsewhere(adminSession.token);
  await page.getByRole("textbox", { name: "Parola actuala" }).fill(TEST_ADMIN.password);
  await page.getByRole("textbox", { name: "Parola noua" }).fill("Macara#Rosie-2026");
  await page.getByRole("textbox", { name: "Confirmarea parolei" }).fill("Macara#Rosie-2026");
  await page.getByRole("button", { name: "Salvare" }).click();
  await expect(page).toHaveURL(`/admin/login?redirect=${encodeURIComponent("/admin/main/profile")}`);
  await expectToast(page, "Sesiunea a expirat. Autentificati-va din nou.");
  expect(await storedSession()).toEqual([null, null]);
  await logInThroughTheForm(page, TEST_ADMIN.password);
  await expect(page).toHaveURL("/admin/main/profile");

  // Entering the shell with a token the server no longer accepts: the same.
  const token = await page.evaluate(() => sessionStorage.getItem("token"));
  await endSessionElsewhere(token ?? "");
  await page.goto("/admin/main/configuration");
  await expect(page).toHaveURL(`/admin/login?redirect=${encodeURIComponent("/admin/main/configuration")}`);
  expect(await storedSession()).toEqual([null, null]);
  await logInThroughTheForm(page, TEST_ADMIN.password);
  await expect(page).toHaveURL("/admin/main/configuration");
});

test("the server out of reach: the connectivity toast, and the page stays", async ({ adminPage: page, server }) => {
  // A request in flight when the server closes (the router's manifest, read for the menu's links) is reset.
  allowConsoleProblems(page, /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|Failed to fetch/);
  await server.close();
  await page.getByRole("textbox", { name: "Parola actuala" }).fill("ceva");
  await page.getByRole("textbox", { name: "Parola noua" }).fill("Macara#Rosie-2026");
  await page.getByRole("textbox", { name: "Confirmarea parolei" }).fill("Macara#Rosie-2026");
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Serverul nu poate fi contactat. Verificati conexiunea la internet.");
  await expect(page).toHaveURL("/admin/main/profile");
  await expect(page.getByRole("textbox", { name: "Parola noua" })).toHaveValue("Macara#Rosie-2026");
});

test.describe("the session-expiry dialog", () => {
  test("opens 5 minutes before the token expires, once; 'Raman conectat' stores a renewed pair", async ({
    page,
    adminSession,
  }) => {
    await page.clock.install();
    await openAdminShell(page, adminSession);
    const dialog = page.getByRole("dialog", { name: "Sesiunea este pe cale sa expire" });
    // The token lives 60 minutes (ACCESS_TOKEN_TTL's default): nothing at 54, the dialog at 55.
    await page.clock.fastForward("54:00");
    await expect(dialog).toBeHidden();
    await page.clock.fastForward("01:01");
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the session-expiry dialog");
    // Shown once: time going on does not open a second one.
    await page.clock.fastForward("02:00");
    await expect(page.getByRole("dialog")).toHaveCount(1);

    // Back to the real time before renewing, so the renewed token is not already in its own window.
    await page.clock.setSystemTime(Date.now());
    await dialog.getByRole("button", { name: "Raman conectat" }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem("refreshToken")))
      .not.toBe(adminSession.refreshToken);
    expect(await page.evaluate(() => sessionStorage.getItem("token"))).not.toBe(adminSession.token);
  });

  test("'Deconectare' rejects the session on the server and goes to the login", async ({
    page,
    adminSession,
    server,
  }) => {
    await page.clock.install();
    await openAdminShell(page, adminSession);
    await page.clock.fastForward("55:01");
    const dialog = page.getByRole("dialog", { name: "Sesiunea este pe cale sa expire" });
    await dialog.getByRole("button", { name: "Deconectare" }).click();
    await expect(page).toHaveURL("/admin/login");
    expect(await page.evaluate(() => sessionStorage.getItem("token"))).toBeNull();
    const refresh = await fetch(new URL("/api/token/refresh", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ refreshToken: adminSession.refreshToken }),
    });
    expect(refresh.status).toBe(401);
  });
});

test("on a phone the menu collapses behind a button and closes after choosing", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole("navigation", { name: "Meniu administrare" });
  const entry = menu.getByRole("link", { name: "Categorii produse" });
  const burger = page.getByRole("button", { name: "Deschideti meniul" });
  await expect(entry).not.toBeInViewport();
  await expect(burger).toHaveAttribute("aria-expanded", "false");
  await burger.click();
  await expect(entry).toBeInViewport();
  await expectNoSeriousA11yViolations(page, "the phone menu");
  await entry.click();
  await expect(page).toHaveURL("/admin/main/categories");
  await expect(entry).not.toBeInViewport();
  await expect(page.getByRole("button", { name: "Deschideti meniul" })).toHaveAttribute("aria-expanded", "false");
});
