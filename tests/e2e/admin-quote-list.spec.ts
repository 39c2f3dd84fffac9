import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { addDays, mondayOf, romanianDay } from "../../common/days/romanian-day.ts";
import type { QuoteItemInput } from "../../common/leads/quote-list-schema.ts";
import type { RunningServer } from "../../server/process/start-server.ts";
import { storeLead } from "../fixtures/leads.ts";
import { FAST_ALTCHA, sendContact, validContact } from "../helpers/contact.ts";
import { siteAt } from "../helpers/test-server.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The quote list in the back-office, on a phone: a request's machines in its detail, the inbox
 * filtered by machine, category and wished start (in the address, and in the CSV export), and the
 * demand overview, whose figures open the inbox filtered by them.
 */

test.use({ serverEnv: FAST_ALTCHA, viewport: { width: 390, height: 844 } });

const today = romanianDay();
/** The first of the 90 days the overview counts machines and categories over. */
const since = addDays(today, -89);

async function catalogue(server: RunningServer): Promise<ProductView[]> {
  return (await (await fetch(new URL("/api/product", server.url))).json()) as ProductView[];
}

const byModel = (products: readonly ProductView[], model: string): ProductView => {
  const product = products.find((item) => item.model === model);
  if (!product) throw new Error(`${model} is not in the demo catalogue`);
  return product;
};

/** Sends a request as the /contact form does (a solved captcha), with its quote list; returns its id. */
async function sendRequest(server: RunningServer, lastName: string, items: QuoteItemInput[]): Promise<string> {
  const response = await sendContact(siteAt(server.url), validContact({ lastName, firstName: "Test", items }));
  const body = (await response.json()) as { id: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.id;
}

const menu = (page: Page) => page.getByRole("navigation", { name: "Meniu administrare" });

/** On a phone the menu hides behind its burger. */
async function openFromMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole("button", { name: "Deschideti meniul" }).click();
  await menu(page)
    .getByRole("link", { name: new RegExp(`^${entry}`) })
    .click();
}

const listedNames = (page: Page) => page.getByRole("table").getByRole("row").getByRole("link");

test("a request's machines in its detail; the inbox filtered by machine, category and wished start, kept in the address and exported", async ({
  adminPage: page,
  adminSession,
  server,
}) => {
  const products = await catalogue(server);
  const cat = byModel(products, "CAT 320");
  const komatsu = byModel(products, "Komatsu PC210LC-11");
  const bomag = byModel(products, "Bomag BW 120 AD-5");
  const popescu = await sendRequest(server, "Popescu", [
    { product: cat.uuid, startDate: addDays(today, 3), days: 5, operator: true },
    { product: bomag.uuid, startDate: addDays(today, 20), endDate: addDays(today, 29) },
    { product: komatsu.uuid, units: 2 },
  ]);
  await sendRequest(server, "Ionescu", [{ product: bomag.uuid, startDate: addDays(today, 40), days: 2 }]);
  await sendRequest(server, "Georgescu", []);
  // A machine deleted after the request was sent: the request keeps it, marked.
  const deleted = await fetch(new URL(`/api/product/${komatsu.uuid}`, server.url), {
    method: "DELETE",
    headers: { Authorization: `Bearer ${adminSession.token}` },
  });
  expect(deleted.status).toBe(204);

  await openFromMenu(page, "Cereri oferta");
  await expect(page).toHaveURL("/admin/main/leads");
  await expect(listedNames(page)).toHaveText(["Georgescu Test", "Ionescu Test", "Popescu Test"]);
  const popescuRow = page.getByRole("row").filter({ hasText: "Popescu Test" });
  await expect(popescuRow).toContainText("CAT 320");
  await expect(popescuRow).toContainText("Komatsu PC210LC-11 (sters din oferta)");

  // By machine: both requests that ask for the roller.
  const machine = page.getByRole("combobox", { name: "Utilaj cerut" });
  await machine.selectOption({ label: "Bomag BW 120 AD-5" });
  await page.getByRole("button", { name: "Cautati" }).click();
  await expect(page).toHaveURL(`/admin/main/leads?product=${bomag.uuid}`);
  await expect(listedNames(page)).toHaveText(["Ionescu Test", "Popescu Test"]);

  // By category instead: excavators, asked for by one request only.
  await machine.selectOption({ label: "Toate utilajele" });
  await page.getByRole("combobox", { name: "Categorie ceruta" }).selectOption({ label: "Excavatoare" });
  await page.getByRole("button", { name: "Cautati" }).click();
  await expect(page).toHaveURL(`/admin/main/leads?category=${cat.category_uuid}`);
  await expect(listedNames(page)).toHaveText(["Popescu Test"]);

  // Starting in the next 14 days: today to today + 13; the roller's requests start later.
  await page.getByRole("link", { name: "Toate cererile" }).click();
  await expect(listedNames(page)).toHaveCount(3);
  await page.getByRole("combobox", { name: "Utilaj dorit de la" }).selectOption({ label: "In urmatoarele 14 zile" });
  await page.getByRole("button", { name: "Cautati" }).click();
  const nextTwoWeeks = `/admin/main/leads?startFrom=${today}&startTo=${addDays(today, 13)}`;
  await expect(page).toHaveURL(nextTwoWeeks);
  await expect(listedNames(page)).toHaveText(["Popescu Test"]);
  await page.reload();
  await expect(listedNames(page)).toHaveText(["Popescu Test"]);
  await expect(page.getByRole("combobox", { name: "Utilaj dorit de la" })).toHaveValue("14");
  // The back button returns to the previous filter, its fields with it.
  await page.goBack();
  await expect(page).toHaveURL("/admin/main/leads");
  await expect(listedNames(page)).toHaveCount(3);
  await expect(page.getByRole("combobox", { name: "Utilaj dorit de la" })).toHaveValue("");
  await page.goForward();
  await expect(listedNames(page)).toHaveText(["Popescu Test"]);

  // Picked days: the roller from 35 days on.
  await page.getByRole("combobox", { name: "Utilaj dorit de la" }).selectOption({ label: "Alte zile" });
  await page.getByLabel("Incepe cel mai devreme pe").fill(addDays(today, 35));
  await page.getByLabel("Incepe cel mai tarziu pe").fill("");
  await page.getByRole("button", { name: "Cautati" }).click();
  await expect(page).toHaveURL(`/admin/main/leads?startFrom=${addDays(today, 35)}`);
  await expect(listedNames(page)).toHaveText(["Ionescu Test"]);
  await page.goBack();
  await expect(page).toHaveURL(nextTwoWeeks);
  await expect(listedNames(page)).toHaveText(["Popescu Test"]);

  // The export holds what the filter matches, with the machines.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const lines = readFileSync(await download.path())
    .subarray(3)
    .toString("utf8")
    .trimEnd()
    .split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain('"Utilaje"');
  expect(lines[1]).toContain('"Popescu"');
  expect(lines[1]).toContain(`CAT 320 (Excavatoare): ${addDays(today, 3)} - ${addDays(today, 7)}, 5 zile, cu operator`);

  // The detail: each machine with its days, links while it is in the catalogue.
  await page.getByRole("link", { name: "Popescu Test" }).click();
  await expect(page).toHaveURL(`/admin/main/leads/${popescu}`);
  const machines = page.getByRole("region", { name: "Utilaje cerute (3)" }).getByRole("table");
  await expect(machines.getByRole("columnheader")).toHaveText([
    "Utilaj",
    "Categorie",
    "Inceput",
    "Zile",
    "Sfarsit",
    "Unitati",
    "Cu operator",
  ]);
  const catRow = machines.getByRole("row", { name: /CAT 320/ });
  const dayOf = (day: string) => day.split("-").reverse().join(".");
  await expect(catRow.getByRole("cell")).toHaveText([
    "Excavatoare",
    dayOf(addDays(today, 3)),
    "5",
    dayOf(addDays(today, 7)),
    "1",
    "Da",
  ]);
  await expect(catRow.getByRole("link", { name: /^CAT 320/ })).toHaveAttribute(
    "href",
    `/categorie/${cat.category_slug}/utilaj/${cat.slug}`,
  );
  await expect(catRow.getByRole("link", { name: "Modificati utilajul CAT 320" })).toHaveAttribute(
    "href",
    `/admin/main/products/edit/${cat.uuid}`,
  );
  await expect(machines.getByRole("row", { name: /Bomag/ }).getByRole("cell")).toHaveText([
    "Cilindri compactori",
    dayOf(addDays(today, 20)),
    "10",
    dayOf(addDays(today, 29)),
    "1",
    "Nu",
  ]);
  const gone = machines.getByRole("row", { name: /Komatsu/ });
  await expect(gone).toContainText("sters din oferta");
  await expect(gone.getByRole("cell")).toHaveText(["Excavatoare", "nestabilit", "—", "—", "2", "Nu"]);
  await expect(gone.getByRole("link")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "a request's machines");

  await catRow.getByRole("link", { name: "Modificati utilajul CAT 320" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Modificare utilaj" })).toBeVisible();
});

test("the demand overview: weeks, statuses, machines and categories, each opening the filtered inbox; its chart code loads there alone, within the CSP", async ({
  adminPage: page,
  adminSession,
  server,
}) => {
  const products = await catalogue(server);
  const jcb = byModel(products, "JCB 3CX");
  const genie = byModel(products, "Genie S-65");
  await sendRequest(server, "Popescu", [
    { product: jcb.uuid, startDate: addDays(today, 2), days: 3 },
    { product: genie.uuid },
  ]);
  const ionescu = await sendRequest(server, "Ionescu", [{ product: jcb.uuid }, { product: genie.uuid }]);
  // Three weeks ago, contacted since.
  await storeLead(
    server.services.db,
    new Date(Date.now() - 21 * 86_400_000),
    { last_name: "Vechi", status: "contactat" },
    {},
    [
      {
        product_id: genie.uuid,
        product_model: genie.model,
        category_id: genie.category_uuid,
        category_name: genie.category,
        start_date: null,
        days: null,
        with_operator: 0,
      },
    ],
  );
  const statusChange = await fetch(new URL(`/api/contact/requests/${ionescu}/status`, server.url), {
    method: "PUT",
    headers: { Authorization: `Bearer ${adminSession.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ status: "finalizat" }),
  });
  expect(statusChange.status).toBe(200);

  const chartCode: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/overview-chart-[\w-]+\.js$/.test(request.url())) chartCode.push(request.url());
  });
  const cdp = await page.context().newCDPSession(page);
  const violations: string[] = [];
  cdp.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code === "ContentSecurityPolicyIssue")
      violations.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
  });
  await cdp.send("Audits.enable");

  await openFromMenu(page, "Cereri oferta");
  await expect(listedNames(page)).toHaveCount(3);
  expect(chartCode).toEqual([]);

  await openFromMenu(page, "Analiza cererilor");
  await expect(page).toHaveURL("/admin/main/demand");
  await expect(page.getByRole("heading", { level: 1, name: "Analiza cererilor" })).toBeFocused();

  const figures = page.getByRole("region", { name: "Cereri pe stari" });
  await expect(figures.getByRole("link", { name: "Nou 1 cerere" })).toBeVisible();
  await expect(figures.getByRole("link", { name: "Contactat 1 cerere" })).toBeVisible();
  await expect(figures.getByRole("link", { name: "Finalizat 1 cerere" })).toBeVisible();

  // The charts are drawn (their code loaded now), for the eye only.
  await expect(page.locator(".recharts-surface")).toHaveCount(3);
  expect(chartCode).toHaveLength(1);
  const weeks = page.getByRole("region", { name: /^Cereri pe saptamana/ });
  await expect(weeks.locator(".recharts-surface")).toBeVisible();
  await expect(weeks.locator("[aria-hidden=true] .recharts-surface")).toHaveCount(1);
  await expect(weeks.locator(".recharts-label-list")).toContainText("2");

  // Their tables: the same figures, behind a disclosure.
  await weeks.getByText("Tabelul cifrelor: cereri pe saptamana").click();
  const weekRows = weeks.getByRole("table").getByRole("row");
  await expect(weekRows).toHaveCount(13);
  const monday = mondayOf(today);
  const dayOf = (day: string) => day.split("-").reverse().join(".");
  await expect(weekRows.last()).toHaveText(`${dayOf(monday).slice(0, 5)} – ${dayOf(addDays(monday, 6))}2 cereri`);
  await expect(weekRows.nth(9)).toContainText("1 cerere");

  const machines = page.getByRole("region", { name: "Utilajele cele mai cerute" });
  await machines.getByText("Tabelul cifrelor").click();
  await expect(machines.getByRole("table").getByRole("row")).toHaveText([
    "UtilajCategorieCereri",
    "Genie S-65Nacele3 cereri",
    "JCB 3CXBuldoexcavatoare2 cereri",
  ]);
  const categories = page.getByRole("region", { name: "Categoriile cele mai cerute" });
  await categories.getByText("Tabelul cifrelor").click();
  await expect(categories.getByRole("table").getByRole("row")).toHaveText([
    "CategorieCereri",
    "Nacele3 cereri",
    "Buldoexcavatoare2 cereri",
  ]);
  await expectNoSeriousA11yViolations(page, "the demand overview");
  await cdp.send("Runtime.evaluate", { expression: "1" });
  expect(violations).toEqual([]);

  // Each figure opens the inbox filtered by it.
  await machines
    .getByRole("row", { name: /JCB 3CX/ })
    .getByRole("link", { name: "2 cereri" })
    .click();
  await expect(page).toHaveURL(`/admin/main/leads?product=${jcb.uuid}&receivedFrom=${since}`);
  await expect(listedNames(page)).toHaveText(["Ionescu Test", "Popescu Test"]);
  await page.goBack();
  await page.getByRole("region", { name: "Categoriile cele mai cerute" }).getByText("Tabelul cifrelor").click();
  await page
    .getByRole("region", { name: "Categoriile cele mai cerute" })
    .getByRole("row", { name: /Nacele/ })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(`/admin/main/leads?category=${genie.category_uuid}&receivedFrom=${since}`);
  await expect(listedNames(page)).toHaveText(["Ionescu Test", "Popescu Test", "Vechi Ion"]);
  await page.goBack();
  await page.getByRole("region", { name: "Cereri pe stari" }).getByRole("link", { name: "Contactat 1 cerere" }).click();
  await expect(page).toHaveURL("/admin/main/leads?status=contactat");
  await expect(listedNames(page)).toHaveText(["Vechi Ion"]);
  await page.goBack();
  await page
    .getByRole("region", { name: /^Cereri pe saptamana/ })
    .getByRole("paragraph")
    .getByRole("link", { name: "2 cereri" })
    .click();
  await expect(page).toHaveURL(`/admin/main/leads?receivedFrom=${monday}&receivedTo=${addDays(monday, 6)}`);
  await expect(listedNames(page)).toHaveText(["Ionescu Test", "Popescu Test"]);
  await expect(page.getByLabel("Primita din ziua")).toHaveValue(monday);

  // A bar of a chart is a link for the mouse too.
  await page.goBack();
  await page
    .getByRole("region", { name: "Utilajele cele mai cerute" })
    .locator(".recharts-bar-rectangle")
    .first()
    .click();
  await expect(page).toHaveURL(`/admin/main/leads?product=${genie.uuid}&receivedFrom=${since}`);
});
