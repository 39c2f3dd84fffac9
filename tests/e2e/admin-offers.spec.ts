import { readFileSync } from "node:fs";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { storeLead } from "../fixtures/leads.ts";
import { allowConsoleProblems, expect, expectToast, test } from "./fixtures.ts";
import { dayFromToday as day } from "../helpers/days.ts";
import { demoMachine, draftLine, writeDraft } from "./offer-drafts.ts";

/**
 * The offers' screens (decision 094): the list by state, one offer as written and priced (lines,
 * the rate applied, discounts, VAT, totals), its cancellation, and the editor opened from a request
 * ('Creați ofertă'), each screen axe-clean, and an offer's PDF downloaded from its page.
 */
test("the office finds a draft by its state, reads its figures and cancels it", async ({
  adminPage: page,
  adminSession,
  server,
}) => {
  const machine = await demoMachine(page);
  const offer = await writeDraft(server, adminSession.token, machine, {
    customer_company: "Construcții Ardeal SRL",
    discount: 1000,
    lines: [draftLine(machine), { kind: "free", description: "Transport dus-întors", amount: 40_000 }],
  });

  const menu = page.getByRole("navigation", { name: "Meniu administrare" });
  await menu.getByRole("link", { name: "Oferte" }).click();
  await expect(page).toHaveURL("/admin/main/oferte");
  await expect(page.getByRole("heading", { level: 1, name: "Oferte" })).toBeFocused();
  const row = page.getByRole("row", { name: new RegExp(offer.number) });
  await expect(row).toContainText("Ștefan Țurcanu (Construcții Ardeal SRL)");
  await expect(row).toContainText("Ciornă");
  // 1 750,00 lei less 10 % is 1 575,00; with 21 % VAT 1 905,75 lei.
  await expect(row).toContainText("1.905,75 lei");
  await expectNoSeriousA11yViolations(page, "the offers' list");

  await page.getByRole("combobox", { name: "Stare" }).selectOption("anulata");
  await expect(page).toHaveURL("/admin/main/oferte?stare=anulata");
  await expect(page.getByText("Nicio ofertă în starea „Anulată”.")).toBeVisible();
  await page.getByRole("combobox", { name: "Stare" }).selectOption("ciorna");
  await page.getByRole("link", { name: `${offer.number} v1` }).click();

  await expect(page.getByRole("heading", { level: 1, name: `Oferta ${offer.number} v1` })).toBeVisible();
  const lines = page.getByRole("table");
  await expect(lines.getByRole("row", { name: new RegExp(machine.model) })).toContainText("(sumă scrisă)");
  await expect(lines.getByRole("row", { name: /Transport dus-întors/ })).toContainText("400,00 lei");
  await expect(page.getByText("Reducere 10 %: −175,00 lei")).toBeVisible();
  await expect(page.getByText("TVA 21 %: 330,75 lei")).toBeVisible();
  await expect(page.getByText("Total cu TVA: 1.905,75 lei")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "an offer");

  // The document, named by the number and version, is a PDF.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Descărcați PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${offer.number}-v1.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");

  await page.getByRole("button", { name: "Anulați oferta" }).click();
  await page.getByRole("dialog", { name: "Anulați oferta?" }).getByRole("button", { name: "Da" }).click();
  await expectToast(page, "Oferta a fost anulată.");
  await expect(page.getByText("Anulată", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Anulați oferta" })).toHaveCount(0);
});

test("'Creați ofertă' on a request prefills the editor; a missing name is shown at its field; the saved draft has its figures", async ({
  adminPage: page,
  server,
}) => {
  allowConsoleProblems(page, /status of 400/);
  const machine = await demoMachine(page);
  const { id } = await storeLead(server.services.db, new Date(), { last_name: "Oferta", first_name: "Maria" }, {}, [
    {
      product_id: machine.uuid,
      product_model: machine.model,
      category_id: machine.category_uuid,
      category_name: machine.category,
      start_date: day(4),
      days: 3,
      with_operator: 0,
    },
  ]);

  await page.goto(`/admin/main/leads/${id}`);
  await page.getByRole("link", { name: "Creați ofertă" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ofertă nouă" })).toBeVisible();
  const line = page.getByRole("group", { name: "Linia 1" });
  await expect(line.getByLabel("Utilaj")).toHaveValue(machine.uuid);
  await expect(line.getByLabel("Prima zi")).toHaveValue(day(4));
  await expect(line.getByLabel("Ultima zi")).toHaveValue(day(6));
  await expectNoSeriousA11yViolations(page, "the offer editor");

  await page.getByLabel("Nume").fill("");
  await line.getByLabel("Sumă (lei, fără TVA)").fill("1350");
  await page.getByRole("button", { name: "Adăugați linie liberă" }).click();
  const free = page.getByRole("group", { name: "Linia 2" });
  await free.getByLabel("Descriere").fill("Transport <b>dus-întors</b>");
  await free.getByLabel("Sumă (lei, fără TVA)").fill("400");
  await page.getByLabel("Reducere pe toată oferta (%)").fill("10");
  await page.getByRole("button", { name: "Salvați oferta" }).click();
  await expect(page.getByText("Numele clientului este obligatoriu")).toBeVisible();

  await page.getByLabel("Nume").fill("Maria Oferta");
  await page.getByRole("button", { name: "Salvați oferta" }).click();
  await expectToast(page, "Oferta a fost salvată.");
  await expect(page.getByRole("heading", { level: 1, name: /^Oferta OF-\d{4}-\d{4} v1$/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Transport <b>dus-întors<\/b>/ })).toContainText("400,00 lei");
  await expect(page.getByText("Total cu TVA: 1.905,75 lei")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cererea de ofertă" })).toHaveAttribute(
    "href",
    `/admin/main/leads/${id}`,
  );
});
