import { readFileSync } from "node:fs";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, expectToast, test } from "./fixtures.ts";

/**
 * The activity log's screen 'Jurnal' (decision 073): the administrator deletes a category from its
 * list, then finds who deleted it and when in the log, filters the log by action, and exports it.
 */
test("the log shows the login and a delete made in the back-office, filters them and exports them", async ({
  adminPage: page,
  catalogue,
}) => {
  await catalogue.createCategory("Macarale jurnal");
  const kept = await catalogue.createCategory("Excavatoare jurnal");

  await page
    .getByRole("navigation", { name: "Meniu administrare" })
    .getByRole("link", { name: "Categorii produse" })
    .click();
  await page.getByRole("button", { name: "Stergeti categoria Macarale jurnal" }).click();
  await page.getByRole("dialog", { name: "Stergere categorie" }).getByRole("button", { name: "Da" }).click();
  await expectToast(page, "Categoria a fost stearsa cu succes!");
  // Gone before the log's screens are checked: a toast fading out is text axe reads at a faint contrast.
  await expect(page.getByRole("alert").filter({ hasText: "Categoria a fost stearsa cu succes!" })).toHaveCount(0, {
    timeout: 15_000,
  });

  await page.getByRole("navigation", { name: "Meniu administrare" }).getByRole("link", { name: "Jurnal" }).click();
  await expect(page).toHaveURL("/admin/main/jurnal");
  await expect(page.getByRole("heading", { level: 1, name: "Jurnal" })).toBeFocused();
  const rows = page.getByRole("table").getByRole("row");
  const deleted = rows.filter({ hasText: "Stergere" }).filter({ hasText: "Macarale jurnal" });
  await expect(deleted).toContainText("admin");
  await expect(deleted).toContainText("127.0.0.1");
  // The deleted category is no longer linked; the one that exists is, to its edit screen.
  await expect(deleted.getByRole("link")).toHaveCount(0);
  await expect(rows.filter({ hasText: "Adaugare" }).getByRole("link", { name: "Excavatoare jurnal" })).toHaveAttribute(
    "href",
    `/admin/main/categories/edit/${kept.uuid}`,
  );
  await expect(rows.filter({ hasText: "Autentificare reusita" }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the activity log");

  await page.getByRole("combobox", { name: "Actiune" }).selectOption({ label: "Stergere" });
  await page.getByRole("button", { name: "Filtrati" }).click();
  await expect(page).toHaveURL("/admin/main/jurnal?action=delete");
  await expect(page.getByRole("table").locator("tbody").getByRole("row")).toHaveCount(1);
  await expect(page.getByRole("combobox", { name: "Actiune" })).toHaveValue("delete");
  await expectNoSeriousA11yViolations(page, "the activity log, filtered");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^jurnal-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path())
    .subarray(3)
    .toString("utf8")
    .trimEnd()
    .split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('"Stergere","Categorie","Macarale jurnal"');
});
