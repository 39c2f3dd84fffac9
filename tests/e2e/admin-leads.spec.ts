import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { NewLead } from "../../server/db/repositories/leads.ts";
import type { RunningServer } from "../../server/process/start-server.ts";
import { storeLead as storeLeadRow, type LeadMail } from "../fixtures/leads.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { allowConsoleProblems, expect, expectToast, test } from "./fixtures.ts";

let minute = 0;

/** A contact request with its e-mail in the given state; each one a minute newer than the last. */
async function storeLead(server: RunningServer, fields: Partial<NewLead>, mail: LeadMail = {}): Promise<string> {
  minute += 1;
  const at = new Date(Date.parse("2026-11-20T08:00:00.000Z") + minute * 60_000);
  return (await storeLeadRow(server.services.db, at, fields, mail)).id;
}

const menu = (page: Page) => page.getByRole("navigation", { name: "Meniu administrare" });
/** The names in the list's rows, top to bottom. */
const listedNames = (page: Page) => page.getByRole("table").getByRole("row").getByRole("link");

async function openLeads(page: Page): Promise<void> {
  await menu(page)
    .getByRole("link", { name: /^Cereri oferta/ })
    .click();
  await expect(page).toHaveURL("/admin/main/leads");
  await expect(page.getByRole("heading", { level: 1, name: "Cereri oferta" })).toBeFocused();
}

test("leads: the menu's count, the list newest first, search, status filter, the detail, a status change", async ({
  adminPage: page,
  server,
}) => {
  await storeLead(server, {
    last_name: "Ionescu",
    first_name: "Maria",
    city: "Brașov",
    email: "maria@example.ro",
    phone: "",
  });
  const failing = await storeLead(
    server,
    {
      last_name: "Ștefănescu",
      first_name: "Țicu",
      email: "ticu@firma.ro",
      phone: "+40 722 123 456",
      message: "Am nevoie de un excavator.\nPentru 2 saptamani.",
      product_model: "JCB 3CX",
      verified: 0,
    },
    { lastError: "connect ECONNREFUSED 127.0.0.1:25" },
  );
  await storeLead(
    server,
    { last_name: "Popa", first_name: "Dan", city: "Arad", phone: "0264 555 111" },
    { sentAt: "2026-11-20T09:00:00.000Z" },
  );

  // The count is read again on the next page shown.
  await expect(menu(page).getByRole("link", { name: "Cereri oferta", exact: true })).toBeVisible();
  await menu(page).getByRole("link", { name: "Categorii produse" }).click();
  await expect(menu(page).getByRole("link", { name: "Cereri oferta 3 cereri noi" })).toBeVisible();
  await openLeads(page);
  await expect(listedNames(page)).toHaveText(["Popa Dan", "Ștefănescu Țicu", "Ionescu Maria"]);
  await expect(page.getByRole("status").filter({ hasText: "3 cereri" })).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.nth(1)).toContainText("Trimis");
  await expect(rows.nth(2)).toContainText("Esueaza");
  await expect(rows.nth(3)).toContainText("In asteptare");
  await expectNoSeriousA11yViolations(page, "the leads list");

  // Search from the keyboard, without diacritics; the address keeps the filter.
  const search = page.getByRole("searchbox", { name: "Cautare" });
  await search.fill("stefanescu");
  await search.press("Enter");
  await expect(page).toHaveURL("/admin/main/leads?q=stefanescu");
  await expect(listedNames(page)).toHaveText(["Ștefănescu Țicu"]);
  await expect(page.getByRole("status").filter({ hasText: "1 cerere" })).toBeVisible();
  // A phone number matches without its separators.
  await search.fill("0722123456");
  await search.press("Enter");
  await expect(page).toHaveURL("/admin/main/leads?q=0722123456");
  await expect(listedNames(page)).toHaveText(["Ștefănescu Țicu"]);
  await page.getByRole("link", { name: "Toate cererile" }).click();
  await expect(page).toHaveURL("/admin/main/leads");
  await expect(listedNames(page)).toHaveCount(3);

  await page.getByRole("combobox", { name: "Stare" }).selectOption({ label: "Contactat" });
  await page.getByRole("button", { name: "Cautati" }).click();
  await expect(page).toHaveURL("/admin/main/leads?status=contactat");
  await expect(page.getByText("Nicio cerere nu corespunde cautarii.")).toBeVisible();
  await page.getByRole("link", { name: "Toate cererile" }).click();
  await expect(listedNames(page)).toHaveCount(3);

  // The detail: links to call and write, the failing e-mail with its error.
  await page.getByRole("link", { name: "Ștefănescu Țicu" }).click();
  await expect(page).toHaveURL(`/admin/main/leads/${failing}`);
  await expect(page.getByRole("heading", { level: 1, name: "Cerere de la Ștefănescu Țicu" })).toBeFocused();
  await expect(page.getByRole("link", { name: "ticu@firma.ro" })).toHaveAttribute("href", "mailto:ticu@firma.ro");
  await expect(page.getByRole("link", { name: "+40 722 123 456" })).toHaveAttribute("href", "tel:+40722123456");
  await expect(page.getByRole("row", { name: /Utilaj/ })).toContainText("JCB 3CX");
  await expect(page.getByRole("row", { name: /Mesaj/ })).toContainText(
    "Am nevoie de un excavator.\nPentru 2 saptamani.",
    { useInnerText: true },
  );
  const failure = page.getByRole("note").filter({ hasText: "Trimiterea e-mailului esueaza" });
  await expect(failure).toContainText("Ultima eroare: connect ECONNREFUSED 127.0.0.1:25");
  await expect(failure).toContainText("Incercari: 3.");
  await expect(page.getByRole("note").filter({ hasText: "Fara verificarea anti-spam" })).toContainText(
    "trimis fara JavaScript",
  );
  await expectNoSeriousA11yViolations(page, "a lead's detail");

  // A status change: saved, shown, and the menu's count follows.
  const statuses = page.getByRole("group", { name: "Schimbati starea" });
  await expect(statuses.getByRole("button", { name: "Nou" })).toHaveAttribute("aria-pressed", "true");
  await statuses.getByRole("button", { name: "Contactat" }).click();
  await expectToast(page, "Starea cererii a fost actualizata cu succes!");
  await expect(statuses.getByRole("button", { name: "Contactat" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { level: 2, name: "Stare: Contactat" })).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Cereri oferta 2 cereri noi" })).toBeVisible();
  const stored = await server.services.db
    .selectFrom("contact_requests")
    .select("status")
    .where("id", "=", failing)
    .executeTakeFirstOrThrow();
  expect(stored.status).toBe("contactat");

  await page.getByRole("link", { name: "Inapoi la cereri" }).click();
  await expect(listedNames(page)).toHaveCount(3);
  await page.getByRole("combobox", { name: "Stare" }).selectOption({ label: "Contactat" });
  await page.getByRole("button", { name: "Cautati" }).click();
  await expect(page).toHaveURL("/admin/main/leads?status=contactat");
  await expect(listedNames(page)).toHaveText(["Ștefănescu Țicu"]);
});

test("leads: pages, the CSV export of the filter, and a delete that asks first and erases the e-mail", async ({
  adminPage: page,
  server,
}) => {
  // The erased request's address, opened again at the end, is a 404 the page expects.
  allowConsoleProblems(page, /status of 404/);
  for (let index = 1; index <= 21; index += 1)
    await storeLead(server, { last_name: `Client${String(index).padStart(2, "0")}`, city: "Sibiu" });
  const hostile = await storeLead(server, {
    last_name: '=HYPERLINK("http://rau.example","click")',
    first_name: "Țărănescu",
    city: "Iași",
  });

  await openLeads(page);
  await expect(page.getByRole("status").filter({ hasText: "22 cereri, pagina 1 din 2" })).toBeVisible();
  await expect(listedNames(page)).toHaveCount(20);
  await expect(listedNames(page).first()).toHaveText('=HYPERLINK("http://rau.example","click") Țărănescu');
  const pages = page.getByRole("navigation", { name: "Paginile listei" });
  await pages.getByRole("link", { name: "Pagina urmatoare" }).click();
  await expect(page).toHaveURL("/admin/main/leads?page=2");
  await expect(listedNames(page)).toHaveText(["Client02", "Client01"].map((name) => `${name} Ion`));
  await pages.getByRole("link", { name: "Pagina anterioara" }).click();
  await expect(listedNames(page)).toHaveCount(20);

  // The export holds what the filter matches, for Excel: BOM, quoted, the formula made text.
  await page.getByRole("searchbox", { name: "Cautare" }).fill("iasi");
  await page.getByRole("button", { name: "Cautati" }).click();
  await expect(page).toHaveURL("/admin/main/leads?q=iasi");
  await expect(listedNames(page)).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cereri-oferta-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"'=HYPERLINK(""http://rau.example"",""click"")","Țărănescu"`);
  expect(lines[1]).toContain('"Iași"');

  // Delete: declined first, then confirmed; the request and its e-mail are gone.
  await page.getByRole("link", { name: /HYPERLINK/ }).click();
  await expect(page).toHaveURL(`/admin/main/leads/${hostile}`);
  const mailId = (
    await server.services.db
      .selectFrom("contact_requests")
      .select("mail_id")
      .where("id", "=", hostile)
      .executeTakeFirstOrThrow()
  ).mail_id;
  await page.getByRole("button", { name: "Stergeti cererea" }).click();
  const dialog = page.getByRole("dialog", { name: "Stergere cerere" });
  await expect(dialog).toContainText("vor fi sterse definitiv");
  await expectNoSeriousA11yViolations(page, "the delete confirmation");
  await dialog.getByRole("button", { name: "Renuntati" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/admin/main/leads/${hostile}`);
  await page.getByRole("button", { name: "Stergeti cererea" }).click();
  await dialog.getByRole("button", { name: "Stergeti" }).click();
  await expectToast(page, "Cererea a fost stearsa cu succes!");
  await expect(page).toHaveURL("/admin/main/leads");
  await expect(page.getByRole("status").filter({ hasText: "21 cereri" })).toBeVisible();
  await expect(page.getByRole("link", { name: /HYPERLINK/ })).toHaveCount(0);
  await expect(menu(page).getByRole("link", { name: "Cereri oferta 21 cereri noi" })).toBeVisible();
  expect(
    await server.services.db.selectFrom("contact_requests").select("id").where("id", "=", hostile).execute(),
  ).toEqual([]);
  expect(
    await server.services.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("id", "=", mailId ?? "")
      .execute(),
  ).toEqual([]);

  // Its address now says it is gone.
  await page.goto(`/admin/main/leads/${hostile}`);
  await expect(page.getByRole("heading", { level: 1, name: "Cererea nu a fost gasita" })).toBeVisible();
});
