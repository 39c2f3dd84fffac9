import type { Page } from "@playwright/test";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { BookingView } from "../../common/bookings/booking-schemas.ts";
import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { invitationTokensIn } from "../helpers/invitation-mail.ts";
import { totpCode } from "../helpers/totp-codes.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { allowConsoleProblems, expect, expectToast, test } from "./fixtures.ts";
import { waitForHydration } from "./browser-checks.ts";

/**
 * The team (decision 091), as a company uses it: the administrator invites a salesperson and the
 * person who keeps the catalogue (the invitations read from the outbox's .eml files), each chooses a
 * password, enrols a second factor and signs in with its code (decision 092), and works within their role; the administrator deactivates the catalogue's account, whose
 * open session ends at its next call; the Jurnal names each person.
 */

test.use({ serverEnv: { SMTP_URL: "" } });

const PEOPLE = {
  vanzari: { name: "Ana Vânzări", username: "ana.vanzari", email: "vanzari@utilaje.test", role: "Vânzări" },
  catalog: { name: "Ion Catalog", username: "ion.catalog", email: "catalog@utilaje.test", role: "Catalog" },
} as const;
const PASSWORD = "Parola-echipei-1";

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => sessionStorage.getItem("token") ?? "");
}

test("invited people work within their roles, a deactivated account's session ends, and the Jurnal names each", async ({
  adminPage: page,
  server,
  browser,
  baseURL,
}) => {
  const menu = page.getByRole("navigation", { name: "Meniu administrare" });
  await menu.getByRole("link", { name: "Echipa" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Echipa" })).toBeFocused();
  await expectNoSeriousA11yViolations(page, "the Echipa screen");

  // The administrator invites both; the outbox writes each invitation as an .eml file.
  for (const person of Object.values(PEOPLE)) {
    await page.getByRole("textbox", { name: "Nume", exact: true }).fill(person.name);
    await page.getByRole("textbox", { name: "Utilizator", exact: true }).fill(person.username);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(person.email);
    await page.getByRole("combobox", { name: "Rol", exact: true }).click();
    await page.getByRole("option", { name: person.role, exact: true }).click();
    await page.getByRole("button", { name: "Trimiteti invitatia" }).click();
    await expectToast(page, `Invitatia a fost trimisa pe adresa ${person.email}.`);
    await expect(page.getByRole("row", { name: new RegExp(person.name) })).toContainText("Invitat");
  }

  // Each chooses a password from the link, and signs in, in a browser of their own.
  const sessions: Record<keyof typeof PEOPLE, Page> = {} as Record<keyof typeof PEOPLE, Page>;
  for (const [key, person] of Object.entries(PEOPLE) as [keyof typeof PEOPLE, (typeof PEOPLE)[keyof typeof PEOPLE]][]) {
    await expect.poll(() => invitationTokensIn(server.services.config.DATA_DIR, person.email).length).toBe(1);
    const [token] = invitationTokensIn(server.services.config.DATA_DIR, person.email);
    const context = await browser.newContext({ baseURL });
    const own = await context.newPage();
    await own.goto(`/admin/invitatie/${token}`);
    await waitForHydration(own);
    if (key === "vanzari") await expectNoSeriousA11yViolations(own, "the invitation's page");
    await own.getByRole("textbox", { name: "Parola noua", exact: true }).fill(PASSWORD);
    await own.getByRole("textbox", { name: "Confirmarea parolei", exact: true }).fill(PASSWORD);
    await own.getByRole("button", { name: "Salvati parola" }).click();
    await expect(own).toHaveURL(/\/admin\/login/);
    await own.getByRole("textbox", { name: "Utilizator" }).fill(person.username);
    await own.getByRole("textbox", { name: "Parola", exact: true }).fill(PASSWORD);
    await own.getByRole("button", { name: "Autentificare" }).click();
    await expect(own.getByRole("navigation", { name: "Meniu administrare" })).toBeVisible();

    // Each enrols a second factor (decision 092), the code computed from the secret shown as text.
    await own.getByRole("navigation", { name: "Meniu administrare" }).getByRole("link", { name: "Securitate" }).click();
    await own.getByRole("button", { name: "Activați autentificarea în doi pași" }).click();
    const secret = (await own.getByTestId("totp-secret").textContent()) ?? "";
    await own.getByRole("textbox", { name: "2. Codul de 6 cifre afișat de aplicație" }).fill(await totpCode(secret));
    await own.keyboard.press("Enter");
    await expectToast(own, "Autentificarea în doi pași este activă.");
    await own.getByRole("button", { name: "Am salvat codurile" }).click();

    // And signs in again: the password, then the app's next code.
    await own.getByRole("button", { name: "Deconectare" }).click();
    await expect(own).toHaveURL("/admin/login");
    await own.getByRole("textbox", { name: "Utilizator" }).fill(person.username);
    await own.getByRole("textbox", { name: "Parola", exact: true }).fill(PASSWORD);
    await own.getByRole("button", { name: "Autentificare" }).click();
    await own.getByRole("textbox", { name: "Cod" }).fill(await totpCode(secret, 1));
    await own.keyboard.press("Enter");
    await expect(own.getByRole("navigation", { name: "Meniu administrare" })).toBeVisible();
    sessions[key] = own;
  }

  // Catalog edits a machine, but the inbox says "Nu aveți acces" and its API answers 403.
  const catalog = sessions.catalog;
  const catalogMenu = catalog.getByRole("navigation", { name: "Meniu administrare" });
  await expect(catalogMenu.getByRole("link", { name: "Cereri oferta" })).toHaveCount(0);
  await expect(catalogMenu.getByRole("link", { name: "Echipa" })).toHaveCount(0);
  const products = (await (await catalog.request.get("/api/product")).json()) as ProductView[];
  const product = products[0];
  if (!product) throw new Error("no demo machine");
  await catalog.goto(`/admin/main/products/edit/${product.uuid}`);
  await expect(catalog.getByLabel("Model")).toHaveValue(product.model);
  await catalog.getByLabel("Model").fill(`${product.model} Nou`);
  await catalog.getByRole("button", { name: "Salvare" }).click();
  await expectToast(catalog, "Produsul a fost actualizat cu succes!");
  allowConsoleProblems(catalog, /403/);
  await catalog.goto("/admin/main/leads");
  await expect(catalog.getByRole("heading", { level: 1, name: "Nu aveți acces" })).toBeVisible();
  const leads = await catalog.request.get("/api/contact/requests", {
    headers: { Authorization: `Bearer ${await tokenOf(catalog)}` },
  });
  expect(leads.status()).toBe(403);
  expect(((await leads.json()) as { error: { code: string } }).error.code).toBe("ERROR_FORBIDDEN");

  // Vânzări confirms a booking, but cannot delete a category.
  const sales = sessions.vanzari;
  const salesToken = await tokenOf(sales);
  const auth = { Authorization: `Bearer ${salesToken}` };
  const created = await sales.request.post("/api/bookings", {
    headers: auth,
    data: { product_uuid: product.uuid, first_day: "2030-03-02", last_day: "2030-03-04" },
  });
  expect(created.status()).toBe(201);
  const booking = (await created.json()) as BookingView & { version: number };
  const confirmed = await sales.request.put(`/api/bookings/${booking.uuid}`, {
    headers: auth,
    data: { state: "confirmat", version: booking.version },
  });
  expect(confirmed.status()).toBe(200);
  const categories = (await (await sales.request.get("/api/category")).json()) as CategoryView[];
  const category = categories[0];
  if (!category) throw new Error("no demo category");
  // The screens offer Vânzări no change to the catalogue: a category opens to read, and the API refuses a delete.
  await sales
    .getByRole("navigation", { name: "Meniu administrare" })
    .getByRole("link", { name: "Categorii produse" })
    .click();
  await expect(sales.getByRole("link", { name: "Adaugati" })).toHaveCount(0);
  await expect(sales.getByRole("button", { name: `Stergeti categoria ${category.name}` })).toHaveCount(0);
  await sales.getByRole("link", { name: `Vedeti categoria ${category.name}` }).click();
  await expect(sales.getByText("Doar citire")).toBeVisible();
  await expect(sales.getByRole("textbox", { name: "Nume" }).first()).toBeDisabled();
  await expect(sales.getByRole("button", { name: "Salvare" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(sales, "a category read by Vânzări");
  const refused = await sales.request.delete(`/api/category/${category.uuid}`, { headers: auth });
  expect(refused.status()).toBe(403);
  await sales
    .getByRole("navigation", { name: "Meniu administrare" })
    .getByRole("link", { name: "Utilaje", exact: true })
    .click();
  await expect(sales.getByRole("button", { name: "Importati" })).toHaveCount(0);
  await sales.getByRole("link", { name: `Vedeti ${product.model} Nou` }).click();
  await expect(sales.getByText("Doar citire")).toBeVisible();
  await expect(sales.getByRole("textbox", { name: "Model" })).toBeDisabled();
  await expect(sales.getByRole("textbox", { name: /Detalii/ }).first()).toHaveAttribute("contenteditable", "false");
  await expect(sales.getByRole("button", { name: "Salvare" })).toHaveCount(0);

  // A new e-mail asks the current password first: a stolen session does not take the account's resets.
  await sales.getByRole("navigation", { name: "Meniu administrare" }).getByRole("link", { name: "Profil" }).click();
  await sales.getByRole("textbox", { name: "Email" }).fill("ana.noua@utilaje.test");
  const current = sales.getByRole("textbox", { name: "Parola actuala (pentru noul e-mail)" });
  await expect(current).toBeVisible();
  await current.fill(PASSWORD);
  await sales.getByRole("button", { name: "Salvati datele" }).click();
  await expectToast(sales, "Datele contului au fost salvate.");
  await expect(current).toHaveCount(0);
  expect((await sales.request.get(`/api/category/${category.uuid}`)).status()).toBe(200);

  // The administrator deactivates Catalog: its open session ends at its next call.
  await page.reload();
  await waitForHydration(page);
  const row = page.getByRole("row", { name: new RegExp(PEOPLE.catalog.name) });
  await row.getByRole("button", { name: "Dezactivati" }).click();
  await page.getByRole("dialog", { name: "Dezactivare cont" }).getByRole("button", { name: "Da" }).click();
  await expectToast(page, `Contul lui ${PEOPLE.catalog.name} a fost dezactivat.`);
  await expect(row).toContainText("Dezactivat");
  allowConsoleProblems(catalog, /401/);
  // Its tab still holds its tokens; the next call (the shell checks them) is refused, and it is sent to the login.
  await catalog.goto("/admin/main/products");
  await expect(catalog).toHaveURL(/\/admin\/login/);

  // The Jurnal lists each step with each person's name.
  await menu.getByRole("link", { name: "Jurnal" }).click();
  const table = page.getByRole("table");
  await expect(table.getByRole("row").filter({ hasText: `Invitatie trimisa lui ${PEOPLE.vanzari.name}` })).toHaveCount(
    1,
  );
  await expect(table.getByRole("row").filter({ hasText: "Invitatie acceptata" })).toHaveCount(2);
  await expect(table.getByRole("row").filter({ hasText: "Dezactivare cont" })).toContainText("admin");
  await expect(
    table.getByRole("row").filter({ hasText: PEOPLE.catalog.username }).filter({ hasText: "Modificare" }),
  ).toContainText(product.model);
  await expect(
    table.getByRole("row").filter({ hasText: PEOPLE.vanzari.username }).filter({ hasText: "Rezervare" }).first(),
  ).toBeVisible();
  for (const own of Object.values(sessions)) await own.context().close();
});
