import type { Page } from "@playwright/test";
import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { allowConsoleProblems, expect, expectToast, openAdminShell, test } from "./fixtures.ts";

/**
 * Two administrators edit one category (decision 068): the second save meets the first, is told
 * what changed, and can overwrite it knowingly or reload the stored version.
 */

const romanianName = (page: Page) => page.getByRole("textbox", { name: "Nume", exact: true });
const englishName = (page: Page) => page.getByRole("textbox", { name: "Nume (engleza)" });

async function openCategory(page: Page, uuid: string): Promise<void> {
  await page.goto(`/admin/main/categories/edit/${uuid}`);
  await expect(page.getByRole("heading", { level: 1, name: "Adaugare categorie" })).toBeVisible();
}

async function stored(page: Page, uuid: string): Promise<CategoryView> {
  return (await (await page.request.get(`/api/category/${uuid}`)).json()) as CategoryView;
}

/** Saves the form and waits for the list the form goes back to. */
async function saveAndLeave(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Salvare" }).click();
  await expectToast(page, "Categoria a fost actualizata cu succes!");
  await expect(page).toHaveURL("/admin/main/categories");
}

test("two administrators edit one category: the later save is told what changed, then overwrites or reloads", async ({
  adminPage: first,
  adminSession,
  catalogue,
}) => {
  allowConsoleProblems(first, /status of 409/);
  const { uuid } = await catalogue.createCategory("Foreze");
  const second = await first.context().newPage();
  await openAdminShell(second, adminSession);

  // Both open the form; the second administrator saves first.
  await openCategory(first, uuid);
  await openCategory(second, uuid);
  await romanianName(second).fill("Foreze mari");
  await saveAndLeave(second);

  // The first one's save is refused: the dialog says what the other changed; nothing was saved.
  await englishName(first).fill("Drills");
  await first.getByRole("button", { name: "Salvare" }).click();
  const conflict = first.getByRole("dialog", { name: "Altcineva a salvat intre timp" });
  await expect(conflict).toContainText("Nume: „Foreze” → „Foreze mari”");
  await expectNoSeriousA11yViolations(first, "the conflict dialog");
  expect(await stored(first, uuid)).toMatchObject({ name: "Foreze mari", name_en: "", version: 2 });

  // 'Suprascrieti': the same save again, knowingly over the other's.
  await conflict.getByRole("button", { name: "Suprascrieti" }).click();
  await expectToast(first, "Categoria a fost actualizata cu succes!");
  await expect(first).toHaveURL("/admin/main/categories");
  expect(await stored(first, uuid)).toMatchObject({ name: "Foreze", name_en: "Drills", version: 3 });

  // Again both open it and the second saves first; this time the first reloads.
  await openCategory(first, uuid);
  await openCategory(second, uuid);
  await englishName(second).fill("Drill rigs");
  await saveAndLeave(second);
  await romanianName(first).fill("Foreze grele");
  await first.getByRole("button", { name: "Salvare" }).click();
  await expect(conflict).toContainText("Nume (engleza): „Drills” → „Drill rigs”");
  await conflict.getByRole("button", { name: "Reincarcati" }).click();
  // The local edits go only after a confirmation.
  const question = first.getByRole("dialog", { name: "Renuntati la modificari?" });
  await expectNoSeriousA11yViolations(first, "the reload's confirmation");
  await question.getByRole("button", { name: "Da" }).click();
  await expectToast(first, "Formularul arata acum versiunea salvata de cealalta persoana.");
  await expect(romanianName(first)).toHaveValue("Foreze");
  await expect(englishName(first)).toHaveValue("Drill rigs");
  await expect(first).toHaveURL(`/admin/main/categories/edit/${uuid}`);

  // The reloaded form is based on the stored version: its save goes through.
  await romanianName(first).fill("Foreze grele");
  await saveAndLeave(first);
  expect(await stored(first, uuid)).toMatchObject({ name: "Foreze grele", name_en: "Drill rigs", version: 5 });
  await second.close();
});
