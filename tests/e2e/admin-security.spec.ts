import type { Page } from "@playwright/test";
import { TEST_ADMIN } from "../helpers/test-admin.ts";
import { totpCode } from "../helpers/totp-codes.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { waitForHydration } from "./browser-checks.ts";
import { expect, expectToast, test } from "./fixtures.ts";

async function passwordStep(page: Page): Promise<void> {
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Utilizator" }).fill(TEST_ADMIN.username);
  await page.getByRole("textbox", { name: "Parola", exact: true }).fill(TEST_ADMIN.password);
  await page.keyboard.press("Enter");
}

test("enrol a second factor, sign in with a code and with a recovery code, end another session", async ({
  page,
  server,
}) => {
  await passwordStep(page);
  await expect(page).toHaveURL("/admin/main/profile");
  await page.getByRole("link", { name: "Securitate" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Securitate" })).toBeVisible();
  await expect(page.getByText("Inactivă: contul este apărat doar de parolă.")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/admin/main/securitate");

  // Enrol: the secret shown as text gives the app's code (as an app scanning the QR code would).
  await page.getByRole("button", { name: "Activați autentificarea în doi pași" }).click();
  await expect(page.getByRole("img", { name: "Cod QR pentru aplicația de autentificare" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page, "enrolment");
  const codeField = page.getByRole("textbox", { name: "2. Codul de 6 cifre afișat de aplicație" });
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await codeField.fill(await totpCode(secret));
  await page.keyboard.press("Enter");
  await expectToast(page, "Autentificarea în doi pași este activă.");
  const codes = page.getByRole("list", { name: "Coduri de recuperare" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await expectNoSeriousA11yViolations(page, "recovery codes");
  await page.getByRole("button", { name: "Am salvat codurile" }).click();
  await expect(page.getByText("Coduri de recuperare rămase: 10.", { exact: false })).toBeVisible();

  // Sign out, then in with the password and the next code (the enrolment's own is never taken twice).
  await page.getByRole("button", { name: "Deconectare" }).click();
  await expect(page).toHaveURL("/admin/login");
  await passwordStep(page);
  await expect(page.getByRole("heading", { level: 1, name: "Autentificare în doi pași" })).toBeVisible();
  const loginCode = page.getByRole("textbox", { name: "Cod" });
  await expect(loginCode).toHaveAttribute("autocomplete", "one-time-code");
  await expectNoSeriousA11yViolations(page, "the login's code step");
  await loginCode.fill(await totpCode(secret, 1));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/admin/main/profile");

  // And with a recovery code, typed through the keyboard alone.
  await page.getByRole("button", { name: "Deconectare" }).click();
  await passwordStep(page);
  await page.getByRole("button", { name: "Folosiți un cod de recuperare" }).click();
  await page.getByRole("textbox", { name: "Cod de recuperare" }).fill(recoveryCodes[0]);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/admin/main/profile");

  // Another browser signs in (with another recovery code): it is listed, and ended from here.
  const api = (path: string, body?: unknown, token?: string) =>
    fetch(new URL(path, server.url), {
      method: body === undefined ? "GET" : "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const { challenge } = (await (
    await api("/api/login", { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
  ).json()) as { challenge: string };
  const other = (await (await api("/api/login/code", { challenge, recoveryCode: recoveryCodes[1] })).json()) as {
    token: string;
  };
  expect((await api("/api/me", undefined, other.token)).status).toBe(200);

  await page.goto("/admin/main/securitate");
  await expect(page.getByText("Coduri de recuperare rămase: 8.", { exact: false })).toBeVisible();
  const sessions = page.getByRole("table", { name: "Sesiuni deschise" }).getByRole("row");
  await expect(sessions).toHaveCount(3);
  await expect(page.getByText("Sesiunea aceasta")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the sessions");
  const end = page.getByRole("button", { name: /^Închideți sesiunea Firefox pe Windows/ });
  await end.focus();
  await page.keyboard.press("Enter");
  await expectToast(page, "Sesiunea a fost închisă.");
  await expect(sessions).toHaveCount(2);
  expect((await api("/api/me", undefined, other.token)).status).toBe(401);
});
