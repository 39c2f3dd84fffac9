import type { Page } from "@playwright/test";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { productPath } from "../../common/pages/page-urls.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { allowConsoleProblems, expect, expectToast, test } from "./fixtures.ts";

/** The value, or a failed test saying what was missing. */
function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Missing: ${what}`);
  return value;
}

async function products(page: Page): Promise<ProductView[]> {
  return (await (await page.request.get("/api/product")).json()) as ProductView[];
}

async function category(page: Page, uuid: string): Promise<CategoryView> {
  return (await (await page.request.get(`/api/category/${uuid}`)).json()) as CategoryView;
}

async function product(page: Page, uuid: string): Promise<ProductView> {
  const [found] = (await (await page.request.get(`/api/product/${uuid}`)).json()) as ProductView[];
  return present(found, `product ${uuid}`);
}

async function openCategory(page: Page, uuid: string): Promise<void> {
  await page.goto(`/admin/main/categories/edit/${uuid}`);
  await expect(page.getByRole("heading", { level: 1, name: "Adaugare categorie" })).toBeVisible();
}

async function openProduct(page: Page, uuid: string): Promise<void> {
  await page.goto(`/admin/main/products/edit/${uuid}`);
  await expect(page.getByRole("heading", { level: 1, name: "Modificare utilaj" })).toBeVisible();
}

/** The fieldset of the specification at `number` (1-based), named by its legend. */
const specification = (page: Page, number: number) =>
  page.getByRole("group", { name: `Specificatia ${number}`, exact: true });

async function saveCategory(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Categoria a fost actualizata cu succes!");
  await expect(page).toHaveURL("/admin/main/categories");
}

test("a specification added to a category is filled for a machine and shown on its page in both languages", async ({
  adminPage: page,
  catalogue,
}) => {
  const machines = await products(page);
  const excavators = present(
    (await catalogue.categories()).find((each) => machines.some((machine) => machine.category_uuid === each.uuid)),
    "a category with machines",
  );
  const machine = present(
    machines.find((each) => each.category_uuid === excavators.uuid),
    "a machine of the category",
  );
  const count = excavators.specifications.length;

  await openCategory(page, excavators.uuid);
  for (const [index, stored] of excavators.specifications.entries()) {
    await expect(specification(page, index + 1).getByRole("textbox", { name: "Denumire", exact: true })).toHaveValue(
      stored.name,
    );
  }
  await expectNoSeriousA11yViolations(page, "the category form with its specifications");

  await page.getByRole("button", { name: "Adaugati o specificatie" }).click();
  const added = specification(page, count + 1);
  await expect(added).toBeVisible();
  // Nothing named: refused beside the field, nothing sent.
  await page.getByRole("button", { name: "Salvare" }).click();
  const name = added.getByRole("textbox", { name: "Denumire", exact: true });
  await expect(name).toHaveAccessibleDescription("Numele specificatiei este obligatoriu");
  await expectNoSeriousA11yViolations(page, "the category form with a specification's error");

  await name.fill("Nivel de zgomot");
  await added.getByRole("textbox", { name: "Denumire (engleza)" }).fill("Noise level");
  await expect(added.getByLabel("Tip", { exact: true })).toHaveValue("number");
  await added.getByLabel("Unitate", { exact: true }).selectOption({ label: "dB" });
  await added.getByRole("switch", { name: "Filtru pe pagina categoriei" }).check();
  await saveCategory(page);

  const saved = present(
    (await category(page, excavators.uuid)).specifications.find((each) => each.name === "Nivel de zgomot"),
    "the added specification",
  );
  expect(saved).toMatchObject({ name_en: "Noise level", kind: "number", unit: "db", filter: true, on_card: false });

  // The machine's field: the unit after the number, a decimal comma as Romanian writes it.
  await openProduct(page, machine.uuid);
  const noise = page.getByRole("textbox", { name: "Nivel de zgomot (dB)" });
  await expect(noise).toHaveValue("");
  await noise.fill("98.500");
  await noise.blur();
  await expect(noise).toHaveAccessibleDescription("Scrieti miile fara punct (22500) si zecimalele dupa virgula (22,5)");
  await expectNoSeriousA11yViolations(page, "the product form with a specification's error");
  await noise.fill("98,5");
  await noise.blur();
  await expect(noise).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Produsul a fost actualizat cu succes!");
  await expect(page).toHaveURL("/admin/main/products");
  const filled = await product(page, machine.uuid);
  expect(filled.specifications[saved.uuid]).toBe(98.5);
  // The machine's other values were sent back as they were.
  expect(filled.specifications).toEqual({ ...machine.specifications, [saved.uuid]: 98.5 });

  // Its public page, in each language, with that language's decimal separator.
  const publicPath = productPath(present(filled.category_slug ?? undefined, "the category's slug"), filled.slug);
  await page.goto(publicPath);
  const row = (label: string) => page.getByRole("row").filter({ has: page.getByText(label, { exact: true }) });
  await expect(row("Nivel de zgomot")).toContainText(/98,5\s*dB/);
  await page.goto(`${publicPath}?lang=en`);
  await expect(row("Noise level")).toContainText(/98\.5\s*dB/);
});

test("a unit change or a removal that touches machines' values asks first, naming them; 'Nu' keeps them", async ({
  adminPage: page,
  catalogue,
}) => {
  // The server's refusal that makes the screen ask (the browser logs every 409).
  allowConsoleProblems(page, /status of 409/);
  const machines = await products(page);
  // A category's number with values, and the machines that have them.
  const used = present(
    (await catalogue.categories())
      .flatMap((each) => each.specifications.map((definition, index) => ({ category: each, definition, index })))
      .filter((each) => each.definition.kind === "number" && each.definition.unit !== null)
      .map((each) => ({
        ...each,
        users: machines.filter((machine) => machine.specifications[each.definition.uuid] !== undefined),
      }))
      .find((each) => each.users.length > 0),
    "a specification with values",
  );
  const number = used.index + 1;

  const count = used.users.length === 1 ? "1 utilaj" : `${used.users.length} utilaje`;
  const question = page.getByRole("dialog", { name: "Se modifica valori completate la utilaje" });
  await openCategory(page, used.category.uuid);

  // Another unit would make the stored numbers mean something else.
  const unit = specification(page, number).getByLabel("Unitate", { exact: true });
  await unit.selectOption({ label: "Fara unitate (bucati)" });
  await page.getByRole("button", { name: "Salvare" }).click();
  await expect(question).toContainText(
    `la ${count}: ${used.definition.name}, alta unitate, numerele raman citite in noua unitate (`,
  );
  await question.getByRole("button", { name: "Nu" }).click();
  await expect(question).toBeHidden();
  expect(
    (await category(page, used.category.uuid)).specifications.find((each) => each.uuid === used.definition.uuid)?.unit,
  ).toBe(used.definition.unit);
  await unit.selectOption(present(used.definition.unit ?? undefined, "the unit"));

  await specification(page, number)
    .getByRole("button", { name: `Stergeti specificatia ${number}` })
    .click();
  await page.getByRole("button", { name: "Salvare" }).click();
  await expect(question).toBeVisible();
  await expect(question).toContainText(
    `Salvarea sterge sau schimba valorile completate la ${count}: ${used.definition.name}, stearsa (`,
  );
  for (const machine of used.users) await expect(question).toContainText(machine.model);
  await expectNoSeriousA11yViolations(page, "the question before values are removed");

  await question.getByRole("button", { name: "Nu" }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(`/admin/main/categories/edit/${used.category.uuid}`);
  expect((await category(page, used.category.uuid)).specifications.map((each) => each.uuid)).toContain(
    used.definition.uuid,
  );

  await page.getByRole("button", { name: "Salvare" }).click();
  await question.getByRole("button", { name: "Da, salvati" }).click();
  await expectToast(page, "Categoria a fost actualizata cu succes!");
  await expect(page).toHaveURL("/admin/main/categories");
  expect((await category(page, used.category.uuid)).specifications.map((each) => each.uuid)).not.toContain(
    used.definition.uuid,
  );
  for (const machine of used.users)
    expect((await product(page, machine.uuid)).specifications[used.definition.uuid]).toBeUndefined();
});

test("the specifications editor: every kind, at most three on the cards, moved with the keyboard, guarded when left", async ({
  adminPage: page,
  catalogue,
}) => {
  const created = await catalogue.createCategory("Generatoare");
  await openCategory(page, created.uuid);
  await expect(page.getByText("Categoria nu are inca specificatii.")).toBeVisible();
  const add = page.getByRole("button", { name: "Adaugati o specificatie" });
  const kinds = [
    { name: "Putere", kind: "Numar cu unitate" },
    { name: "Faze", kind: "Alegere dintre optiuni" },
    { name: "Insonorizat", kind: "Da / Nu" },
    { name: "Motor", kind: "Text scurt" },
  ];
  for (const [index, each] of kinds.entries()) {
    await add.click();
    const fieldset = specification(page, index + 1);
    await fieldset.getByRole("textbox", { name: "Denumire", exact: true }).fill(each.name);
    await fieldset.getByLabel("Tip", { exact: true }).selectOption({ label: each.kind });
  }
  // Only the number has a unit; the choice starts with its two options.
  await expect(specification(page, 1).getByLabel("Unitate", { exact: true })).toBeVisible();
  await expect(specification(page, 2).getByLabel("Unitate", { exact: true })).toHaveCount(0);
  await specification(page, 1).getByLabel("Unitate", { exact: true }).selectOption({ label: "kVA" });
  const phases = specification(page, 2);
  await phases.getByRole("textbox", { name: "Optiunea 1", exact: true }).fill("monofazat");
  await phases.getByRole("textbox", { name: "Optiunea 1 (engleza)" }).fill("single-phase");
  await phases.getByRole("textbox", { name: "Optiunea 2", exact: true }).fill("trifazat");
  await phases.getByRole("textbox", { name: "Optiunea 2 (engleza)" }).fill("three-phase");
  await expect(phases.getByRole("button", { name: "Stergeti optiunea 1" })).toBeDisabled();

  // Three on the cards; the fourth cannot be, and says why.
  for (const number of [1, 2, 3]) await specification(page, number).getByRole("switch", { name: "Pe card" }).check();
  const fourth = specification(page, 4).getByRole("switch", { name: "Pe card" });
  await expect(fourth).toBeDisabled();
  await expect(fourth).toHaveAccessibleDescription(
    "Cel mult 3 specificatii apar pe carduri: scoateti intai alta de pe card.",
  );
  await expectNoSeriousA11yViolations(page, "the specifications editor with every kind and the card limit reached");

  // 'Motor' moves to the top with the keyboard; the focus follows it.
  await page.getByRole("button", { name: "Mutati mai sus specificatia 4" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Mutati mai sus specificatia 3" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  // At the top its 'up' is disabled: the focus is on its 'down'.
  await expect(page.getByRole("button", { name: "Mutati mai jos specificatia 1" })).toBeFocused();
  await expect(specification(page, 1).getByRole("textbox", { name: "Denumire", exact: true })).toHaveValue("Motor");

  // Leaving before the save asks first (the buttons changed the form, no field was typed in since).
  await page.getByRole("button", { name: "Renuntati" }).click();
  const guard = page.getByRole("dialog", { name: "Sunteti sigur?" });
  await expect(guard).toBeVisible();
  await guard.getByRole("button", { name: "Nu" }).click();
  await expect(guard).toBeHidden();

  await saveCategory(page);
  const saved = await category(page, created.uuid);
  expect(saved.specifications.map((each) => [each.name, each.kind, each.unit, each.on_card])).toEqual([
    ["Motor", "text", null, false],
    ["Putere", "number", "kva", true],
    ["Faze", "choice", null, true],
    ["Insonorizat", "yes_no", null, true],
  ]);
  expect(saved.specifications[2]?.options.map((option) => [option.name, option.name_en])).toEqual([
    ["monofazat", "single-phase"],
    ["trifazat", "three-phase"],
  ]);
});

test("moving a machine to another category says which values it drops before saving", async ({
  adminPage: page,
  catalogue,
}) => {
  const machines = await products(page);
  const categories = await catalogue.categories();
  const machine = present(
    machines.find((each) => Object.keys(each.specifications).length > 0),
    "a machine with values",
  );
  const from = present(
    categories.find((each) => each.uuid === machine.category_uuid),
    "its category",
  );
  const to = present(
    categories.find((each) => each.uuid !== from.uuid),
    "another category",
  );
  const valued = from.specifications.filter((each) => machine.specifications[each.uuid] !== undefined);
  const kept = (name: string) => to.specifications.some((each) => each.name.toLowerCase() === name.toLowerCase());
  const lost = valued.filter((each) => !kept(each.name)).map((each) => each.name);
  expect(lost.length).toBeGreaterThan(0);

  await openProduct(page, machine.uuid);
  await expect(page.getByRole("status").filter({ hasText: "Valori care se pierd la salvare" })).toHaveCount(0);
  await page.getByLabel("Categorie").selectOption(to.name);
  const notice = page.getByRole("status").filter({ hasText: "Valori care se pierd la salvare" });
  await expect(notice).toBeVisible();
  for (const name of lost) await expect(notice).toContainText(name);
  await expectNoSeriousA11yViolations(page, "the product form after a change of category");

  // Back to its category: nothing is dropped, its values are in their fields again.
  await page.getByLabel("Categorie").selectOption(from.name);
  await expect(notice).toHaveCount(0);
  const first = present(
    valued.find((each) => each.kind === "number"),
    "a number with a value",
  );
  await expect(page.getByRole("textbox", { name: new RegExp(`^${first.name}`) })).not.toHaveValue("");
});
