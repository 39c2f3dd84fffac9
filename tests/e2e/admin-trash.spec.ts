import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { allowConsoleProblems, expect, expectToast, test } from "./fixtures.ts";

/**
 * The trash 'Cos' (decision 074): the administrator deletes a machine by mistake from the product
 * list, restores it from the trash with its page as it was, and finds both in the log.
 */
test("a machine deleted by mistake comes back from the trash, and the log says who did both", async ({
  adminPage: page,
}) => {
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  const product = products.find((item) => item.gallery.length > 0) ?? products[0];
  if (!product) throw new Error("no demo machine");
  const address = `/categorie/${product.category_slug}/utilaj/${product.slug}`;
  const menu = page.getByRole("navigation", { name: "Meniu administrare" });

  await menu.getByRole("link", { name: "Utilaje", exact: true }).click();
  await page.getByRole("button", { name: `Stergeti ${product.model}` }).click();
  await page.getByRole("dialog", { name: "Stergere utilaj" }).getByRole("button", { name: "Da" }).click();
  await expectToast(page, "Produsul a fost sters cu succes!");
  expect((await page.request.get(address)).status()).not.toBe(200);

  await menu.getByRole("link", { name: "Cos" }).click();
  await expect(page).toHaveURL("/admin/main/cos");
  await expect(page.getByRole("heading", { level: 1, name: "Cos" })).toBeFocused();
  const row = page.getByRole("row", { name: new RegExp(product.model) });
  await expect(row).toContainText("Utilaj");
  await expect(row).toContainText("admin");
  await expectNoSeriousA11yViolations(page, "the trash");
  await row.getByRole("button", { name: `Restaurati ${product.model}` }).click();
  await expectToast(page, `Utilajul „${product.model}” a fost restaurat.`);
  await expect(page.getByRole("status").filter({ hasText: "Cosul este gol." })).toBeVisible();
  expect((await page.request.get(address)).status()).toBe(200);
  const back = (await (await page.request.get(`/api/product/details/${product.uuid}`)).json()) as ProductView;
  expect({ ...back, version: 0 }).toEqual({ ...product, version: 0 });

  await menu.getByRole("link", { name: "Jurnal" }).click();
  const rows = page.getByRole("table").getByRole("row").filter({ hasText: product.model });
  await expect(rows.filter({ hasText: "Restaurare" })).toContainText("Utilaj restaurat din Cos");
  await expect(rows.filter({ hasText: "Stergere" })).toContainText("Utilaj mutat in Cos");
  // The machine exists again: the log links it to its form.
  await expect(rows.filter({ hasText: "Restaurare" }).getByRole("link", { name: product.model })).toHaveAttribute(
    "href",
    `/admin/main/products/edit/${product.uuid}`,
  );
});

test("a purge asks first, then the machine is gone for good", async ({ adminPage: page }) => {
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  const product = products.at(-1);
  if (!product) throw new Error("no demo machine");
  const menu = page.getByRole("navigation", { name: "Meniu administrare" });
  await menu.getByRole("link", { name: "Utilaje", exact: true }).click();
  await page.getByRole("button", { name: `Stergeti ${product.model}` }).click();
  await page.getByRole("dialog", { name: "Stergere utilaj" }).getByRole("button", { name: "Da" }).click();
  await expectToast(page, "Produsul a fost sters cu succes!");
  await menu.getByRole("link", { name: "Cos" }).click();
  await page.getByRole("button", { name: `Stergeti definitiv ${product.model}` }).click();
  const dialog = page.getByRole("dialog", { name: "Stergere definitiva" });
  await expect(dialog).toContainText("Nu mai poate fi restaurat.");
  await expectNoSeriousA11yViolations(page, "the purge confirmation");
  await dialog.getByRole("button", { name: "Da" }).click();
  await expectToast(page, `„${product.model}” a fost sters definitiv.`);
  await expect(page.getByRole("status").filter({ hasText: "Cosul este gol." })).toBeVisible();
  expect((await page.request.get(`/categorie/${product.category_slug}/utilaj/${product.slug}`)).status()).toBe(404);
});

test("a machine whose category is in the trash too is restored with it, after a question", async ({
  adminPage: page,
}) => {
  allowConsoleProblems(page, /status of 409/);
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  const product = products.find((item) => item.category_uuid !== null);
  if (!product) throw new Error("no demo machine with a category");
  const menu = page.getByRole("navigation", { name: "Meniu administrare" });
  await menu.getByRole("link", { name: "Utilaje", exact: true }).click();
  await page.getByRole("button", { name: `Stergeti ${product.model}` }).click();
  await page.getByRole("dialog", { name: "Stergere utilaj" }).getByRole("button", { name: "Da" }).click();
  await expectToast(page, "Produsul a fost sters cu succes!");
  await menu.getByRole("link", { name: "Categorii produse" }).click();
  await page.getByRole("button", { name: `Stergeti categoria ${product.category}` }).click();
  await page.getByRole("dialog", { name: "Stergere categorie" }).getByRole("button", { name: "Da" }).click();
  await expectToast(page, "Categoria a fost stearsa cu succes!");

  await menu.getByRole("link", { name: "Cos" }).click();
  await page.getByRole("button", { name: `Restaurati ${product.model}` }).click();
  const question = page.getByRole("dialog", { name: "Categoria este in Cos" });
  await expect(question).toContainText("Restaurati-le pe amandoua, sau doar utilajul, fara categorie?");
  await expectNoSeriousA11yViolations(page, "the question of a machine whose category is in the trash");
  await question.getByRole("button", { name: "Amandoua" }).click();
  await expectToast(page, `Utilajul „${product.model}” a fost restaurat.`);
  await expect(page.getByRole("status").filter({ hasText: "Cosul este gol." })).toBeVisible();
  const back = (await (await page.request.get(`/api/product/details/${product.uuid}`)).json()) as ProductView;
  expect(back.category_uuid).toBe(product.category_uuid);
  expect((await page.request.get(`/categorie/${product.category_slug}/utilaj/${product.slug}`)).status()).toBe(200);
});

test("a category whose name was taken meanwhile comes back under a new one, asked for in a dialog", async ({
  adminPage: page,
  catalogue,
}) => {
  allowConsoleProblems(page, /status of 409/);
  const [category] = await catalogue.categories();
  if (!category) throw new Error("no demo category");
  const menu = page.getByRole("navigation", { name: "Meniu administrare" });
  await menu.getByRole("link", { name: "Categorii produse" }).click();
  await page.getByRole("button", { name: `Stergeti categoria ${category.name}` }).click();
  await page.getByRole("dialog", { name: "Stergere categorie" }).getByRole("button", { name: "Da" }).click();
  await expectToast(page, "Categoria a fost stearsa cu succes!");
  await catalogue.createCategory(category.name);

  await menu.getByRole("link", { name: "Cos" }).click();
  await page.getByRole("button", { name: `Restaurati ${category.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Numele categoriei este folosit" });
  await expectNoSeriousA11yViolations(page, "the question of a category whose name was taken");
  await dialog.getByRole("textbox", { name: "Nume nou al categoriei" }).fill(`${category.name} veche`);
  await dialog.getByRole("button", { name: "Restaurati" }).click();
  await expectToast(page, `Categoria „${category.name}” a fost restaurata, cu utilajele ei.`);
  const back = (await (await page.request.get(`/api/category/${category.uuid}`)).json()) as { name: string };
  expect(back.name).toBe(`${category.name} veche`);
});
