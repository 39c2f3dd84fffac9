import type { Page, Request } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { allowConsoleProblems, expect, expectToast, test } from "./fixtures.ts";

async function openCategories(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Meniu administrare" }).getByRole("link", { name: "Categorii produse" }).click();
  await expect(page).toHaveURL("/admin/main/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Categorii produse" })).toBeFocused();
}

/** The calls of `method` to `pathname` the page makes from now on. */
function recordCalls(page: Page, method: string, pathname: string): Request[] {
  const calls: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) calls.push(request);
  });
  return calls;
}

test("categories: the preloaded table, add, a duplicate refused, edit, delete behind the confirmation", async ({ adminPage: page, catalogue }) => {
  allowConsoleProblems(page, /status of 409/);
  const seeded = await catalogue.categories();
  await openCategories(page);
  const table = page.getByRole("table");
  for (const category of seeded) await expect(table.getByRole("cell", { name: category.name, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the category list");

  // Add: the required rule, then spaces collapsed on save; one level up to the list.
  await page.getByRole("link", { name: "Adaugati" }).click();
  await expect(page).toHaveURL("/admin/main/categories/add");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adaugare categorie");
  await expectNoSeriousA11yViolations(page, "the category form, empty");
  await page.getByRole("button", { name: "Salvare" }).click();
  await expect(page.getByText("Numele este obligatoriu")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the category form with an error");
  await page.getByRole("textbox", { name: "Nume" }).fill("Macarale   turn");
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Categoria a fost creata cu succes!");
  await expect(page).toHaveURL("/admin/main/categories");
  await expect(table.getByRole("cell", { name: "Macarale turn", exact: true })).toBeVisible();

  // The same name again: the server's ERROR_CATEGORY_EXIST, also next to the field, and the form stays.
  await page.getByRole("link", { name: "Adaugati" }).click();
  await page.getByRole("textbox", { name: "Nume" }).fill("macarale turn");
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Categorie existenta!");
  await expect(page.getByRole("textbox", { name: "Nume" })).toHaveAccessibleDescription("Categorie existenta!");
  await expect(page).toHaveURL("/admin/main/categories/add");
  await page.getByRole("button", { name: "Renuntati" }).click();
  // The form was touched and changed: the leave guard asks first.
  const guard = page.getByRole("dialog", { name: "Sunteti sigur?" });
  await expect(guard).toContainText("Formularul nu a fost trimis încă, chiar doriți să părăsiți pagina?");
  await guard.getByRole("button", { name: "Da" }).click();
  await expect(page).toHaveURL("/admin/main/categories");

  // Edit: the form is filled from the record; after saving, back to the list.
  await page.getByRole("link", { name: "Modificati categoria Macarale turn" }).click();
  await expect(page).toHaveURL(/\/admin\/main\/categories\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adaugare categorie");
  await expect(page.getByRole("textbox", { name: "Nume" })).toHaveValue("Macarale turn");
  await expectNoSeriousA11yViolations(page, "the category form, editing");
  await page.getByRole("textbox", { name: "Nume" }).fill("Macarale");
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Categoria a fost actualizata cu succes!");
  await expect(page).toHaveURL("/admin/main/categories");
  await expect(table.getByRole("cell", { name: "Macarale", exact: true })).toBeVisible();

  // Delete: 'Nu' keeps it, 'Da' deletes it on the server and removes the row.
  await page.getByRole("button", { name: "Stergeti categoria Macarale" }).click();
  const dialog = page.getByRole("dialog", { name: "Stergere categorie" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the delete confirmation");
  await dialog.getByRole("button", { name: "Nu" }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole("cell", { name: "Macarale", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Stergeti categoria Macarale" }).click();
  await dialog.getByRole("button", { name: "Da" }).click();
  await expectToast(page, "Categoria a fost stearsa cu succes!");
  await expect(table.getByRole("cell", { name: "Macarale", exact: true })).toBeHidden();
  expect((await catalogue.categories()).map((category) => category.name)).toEqual(seeded.map((category) => category.name));
});

test("category form: scripts and over-long names never reach the server; a double click saves once", async ({ adminPage: page, catalogue }) => {
  await openCategories(page);
  await page.getByRole("link", { name: "Adaugati" }).click();
  const creates = recordCalls(page, "POST", "/api/category/create");
  const name = page.getByRole("textbox", { name: "Nume" });

  await name.fill("<script>alert(1)</script>");
  await page.getByRole("button", { name: "Salvare" }).click();
  await expect(page.getByText("Numele contine caractere nepermise")).toBeVisible();

  await name.fill("A".repeat(150));
  await expect(name).toHaveValue("A".repeat(100));

  await name.fill("Stivuitoare electrice");
  await page.getByRole("button", { name: "Salvare" }).dblclick();
  await expectToast(page, "Categoria a fost creata cu succes!");
  await expect(page).toHaveURL("/admin/main/categories");
  expect(creates).toHaveLength(1);
  const names = (await catalogue.categories()).map((category) => category.name);
  expect(names.filter((each) => each === "Stivuitoare electrice")).toHaveLength(1);
  expect(names.some((each) => each.includes("script"))).toBe(false);
});

test("category form: a network drop mid-save keeps the form, says so, and a retry saves once", async ({ adminPage: page, catalogue }) => {
  allowConsoleProblems(page, /ERR_CONNECTION_RESET|Failed to fetch/);
  await openCategories(page);
  await page.getByRole("link", { name: "Adaugati" }).click();
  await page.getByRole("textbox", { name: "Nume" }).fill("Generatoare");
  await page.route("**/api/category/create", (route) => route.abort("connectionreset"));
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Serverul nu poate fi contactat. Verificati conexiunea la internet.");
  await expect(page).toHaveURL("/admin/main/categories/add");
  await expect(page.getByRole("textbox", { name: "Nume" })).toHaveValue("Generatoare");
  expect((await catalogue.categories()).some((category) => category.name === "Generatoare")).toBe(false);

  await page.unroute("**/api/category/create");
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Categoria a fost creata cu succes!");
  expect((await catalogue.categories()).filter((category) => category.name === "Generatoare")).toHaveLength(1);
});

test("categories are usable with the keyboard alone", async ({ adminPage: page }) => {
  await openCategories(page);
  const add = page.getByRole("link", { name: "Adaugati" });
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/admin/main/categories/add");
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Nume" })).toBeFocused();
  await page.keyboard.type("Compresoare");
  await page.keyboard.press("Enter");
  await expectToast(page, "Categoria a fost creata cu succes!");
  await expect(page).toHaveURL("/admin/main/categories");
  const remove = page.getByRole("button", { name: "Stergeti categoria Compresoare" });
  await remove.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Stergere categorie" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
});
