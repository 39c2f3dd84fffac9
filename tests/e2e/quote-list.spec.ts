import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { QUOTE_LIST_MAX } from "../../common/leads/quote-limits.ts";
import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import type { LeadPage } from "../../common/leads/lead-schemas.ts";
import type { RunningServer } from "../../server/process/start-server.ts";
import { QUOTE_LIST_STORAGE_KEY } from "../../app/lib/quote-list-store.ts";
import { priceText } from "../../common/pricing/price-text.ts";
import { rentalPrice } from "../../common/pricing/rental-price.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { waitForHydration } from "./browser-checks.ts";
import { allowConsoleProblems, expect, test, type AdminSession } from "./fixtures.ts";

/**
 * The visitor's quote list on a phone: added to from category and product pages, counted in the
 * header, edited (days, units, operator) and sent with the contact form, and kept in the browser
 * (reloads, languages, tabs).
 */

test.use({ viewport: { width: 390, height: 844 } });

interface CatalogueCategory {
  category: CategoryView;
  products: ProductView[];
}

/** The demo catalogue's categories with their products, through the public API. */
async function catalogue(request: APIRequestContext): Promise<CatalogueCategory[]> {
  const categories = (await (await request.get("/api/category")).json()) as CategoryView[];
  return Promise.all(
    categories.map(async (category) => ({
      category,
      products: (await (await request.get(`/api/product/category/${category.uuid}`)).json()) as ProductView[],
    })),
  );
}

/** Two categories with products: the first with at least two. */
async function twoCategories(request: APIRequestContext): Promise<[CatalogueCategory, CatalogueCategory]> {
  const all = await catalogue(request);
  const first = all.find((entry) => entry.products.length >= 2);
  const second = all.find((entry) => entry !== first && entry.products.length >= 1);
  if (!first || !second) throw new Error("the demo catalogue has too few products");
  return [first, second];
}

const productPage = ({ category }: CatalogueCategory, product: ProductView) =>
  `/categorie/${category.slug}/utilaj/${product.slug}`;

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

const listLink = (page: Page) =>
  page.getByRole("banner").getByRole("link", { name: /^(Lista de cerere|Request list)/ });
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A machine's fieldset in the list editor, named by its legend: "model – category". */
const machineGroup = (page: Page, model: string) =>
  page.getByRole("group", { name: new RegExp(`^${literally(model)} `) });

async function deleteProduct(server: RunningServer, session: AdminSession, id: string): Promise<void> {
  const response = await fetch(new URL(`/api/product/${id}`, server.url), {
    method: "DELETE",
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.ok).toBe(true);
}

/** The stored request sent from `email`, as the inbox API shows it to the administrator. */
async function inboxRequest(server: RunningServer, session: AdminSession, email: string) {
  const response = await fetch(new URL(`/api/contact/requests?q=${encodeURIComponent(email)}`, server.url), {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.status).toBe(200);
  const { items } = (await response.json()) as LeadPage;
  expect(items).toHaveLength(1);
  return items[0];
}

async function fillContactAndSend(page: Page, email: string, labels: { accept: string; send: string }): Promise<void> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(labels.accept).check();
  await page.getByRole("button", { name: labels.send }).click();
}

test("three machines from a category page and a product page, their days, a language change and a reload, then sent", async ({
  page,
  request,
  server,
  adminSession,
}) => {
  const [first, second] = await twoCategories(request);
  const [a, b] = first.products as [ProductView, ProductView];
  const c = second.products[0] as ProductView;

  // The server cannot know the list: its page names the link without a count, the browser adds it once hydrated.
  const served = await (await request.get(`/categorie/${first.category.slug}`)).text();
  expect(served).toContain('aria-label="Lista de cerere"');
  await open(page, `/categorie/${first.category.slug}`);
  await expect(listLink(page)).toHaveAccessibleName("Lista de cerere: niciun utilaj");
  await page.getByRole("button", { name: `Adăugați la cerere: ${a.model}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${a.model} este în cerere (1 din 10).` })).toBeVisible();
  // Said through the page's one live region, and shown under the card's button; the cards hold no live region of their
  // own.
  const cards = page.getByRole("list", { name: `Utilaje din categoria ${first.category.name}` });
  await expect(cards.getByRole("listitem").filter({ hasText: a.model })).toContainText(
    `${a.model} este în cerere (1 din 10).`,
  );
  await expect(cards.locator("[role=status], [aria-live]")).toHaveCount(0);
  await page.getByRole("button", { name: `Adăugați la cerere: ${b.model}` }).click();
  await expect(page.getByRole("button", { name: `Scoateți din cerere: ${b.model}` })).toBeVisible();
  await expect(listLink(page)).toHaveAccessibleName("Lista de cerere: 2 utilaje");

  await open(page, productPage(second, c));
  await page.getByRole("button", { name: `Adăugați la cerere: ${c.model}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${c.model} este în cerere (3 din 10).` })).toBeVisible();
  await expect(listLink(page)).toHaveAccessibleName("Lista de cerere: 3 utilaje");
  await expectNoSeriousA11yViolations(page, "a product page with its machine in the list");

  await listLink(page).click();
  await expect(page).toHaveURL(/\/contact#quote-list$/);
  await expect(page.getByRole("heading", { name: "Utilajele cerute (3 din 10)" })).toBeVisible();
  const today = romanianDay();
  const groupA = machineGroup(page, a.model);
  await expect(groupA.getByLabel("Data de început")).toHaveAttribute("min", today);
  await groupA.getByLabel("Data de început").fill(addDays(today, 7));
  await groupA.getByLabel("Număr de zile").fill("5");
  await expect(groupA.getByLabel("sau data de sfârșit")).toHaveValue(addDays(today, 11));
  const groupB = machineGroup(page, b.model);
  await groupB.getByLabel("Data de început").fill(addDays(today, 3));
  await groupB.getByLabel("sau data de sfârșit").fill(addDays(today, 5));
  await expect(groupB.getByLabel("Număr de zile")).toHaveValue("3");
  await machineGroup(page, c.model).getByLabel("Cu operator").check();
  await expectNoSeriousA11yViolations(page, "/contact with a quote list");

  // In English the list stays, with the categories' English names.
  await page.getByRole("group", { name: "Limba site-ului" }).getByRole("button", { name: "EN" }).click();
  await expect(page.getByRole("heading", { name: "Machines requested (3 of 10)" })).toBeVisible();
  await expect(machineGroup(page, a.model)).toContainText(first.category.name_en || first.category.name);
  await expect(machineGroup(page, c.model)).toContainText(second.category.name_en || second.category.name);
  await page.reload();
  await waitForHydration(page);
  await expect(listLink(page)).toHaveAccessibleName("Request list: 3 machines");
  await expect(machineGroup(page, a.model).getByLabel("Number of days")).toHaveValue("5");
  await expect(machineGroup(page, c.model).getByLabel("With operator")).toBeChecked();

  const email = `lista.${randomUUID().slice(0, 8)}@exemplu.ro`;
  await page.getByLabel("Town / county (site)").fill("Cluj-Napoca, Cluj");
  await fillContactAndSend(page, email, { accept: "I have read and accept the", send: "SEND" });
  await expect(
    page.getByRole("status").filter({ hasText: "Your contact details were sent successfully!" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Machines requested (0 of 10)" })).toBeVisible();
  await expect(listLink(page)).toHaveAccessibleName("Request list: no machines");

  const stored = await inboxRequest(server, adminSession, email);
  expect(stored?.city).toBe("Cluj-Napoca, Cluj");
  expect(
    stored?.items.map(({ productId, startDate, days, endDate, operator }) => ({
      productId,
      startDate,
      days,
      endDate,
      operator,
    })),
  ).toEqual([
    { productId: a.uuid, startDate: addDays(today, 7), days: 5, endDate: addDays(today, 11), operator: false },
    { productId: b.uuid, startDate: addDays(today, 3), days: 3, endDate: addDays(today, 5), operator: false },
    { productId: c.uuid, startDate: null, days: null, endDate: null, operator: true },
  ]);
});

test("units at 360 px: chosen with the keyboard up to the machine's fleet, priced in the estimate, sent and read in the inbox", async ({
  adminPage: page,
  request,
  server,
  adminSession,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const products = (await (await request.get("/api/product")).json()) as ProductView[];
  const byModel = (model: string) => {
    const found = products.find((product) => product.model === model);
    if (!found) throw new Error(`${model} is not in the demo catalogue`);
    return found;
  };
  // The demo's fleets: three Komatsu, one JLG (server/seed/demo-bookings.ts).
  const komatsu = byModel("Komatsu PC210LC-11");
  const jlg = byModel("JLG 450AJ");
  expect([komatsu.units, jlg.units]).toEqual([3, 1]);
  for (const machine of [komatsu, jlg]) {
    await open(page, `/categorie/${machine.category_slug}/utilaj/${machine.slug}`);
    await page.getByRole("button", { name: `Adăugați la cerere: ${machine.model}` }).click();
    await expect(page.getByRole("button", { name: `Scoateți din cerere: ${machine.model}` })).toBeVisible();
  }

  await open(page, "/contact#quote-list");
  const group = machineGroup(page, komatsu.model);
  const units = group.getByLabel("Unități");
  // One of each until the visitor says otherwise; the most is the fleet, once the catalogue has said it.
  await expect(units).toHaveValue("1");
  await expect(units).toHaveAttribute("max", "3");
  await expect(machineGroup(page, jlg.model).getByLabel("Unități")).toHaveAttribute("max", "1");
  const box = await units.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);

  await group.getByLabel("Număr de zile").fill("2");
  const estimate = page.getByRole("region", { name: "Estimativ, fără TVA" });
  const oneUnit = rentalPrice(
    {
      day: komatsu.prices?.day ?? 0,
      week: komatsu.prices?.week,
      month: komatsu.prices?.month,
      minimumDays: komatsu.prices?.minimum_days,
    },
    2,
  ).amount;
  const lei = (minor: number) => priceText(minor, "RON", "ro");
  await expect(estimate.getByRole("row", { name: new RegExp(`^${literally(komatsu.model)}, 2 zile`) })).toContainText(
    lei(oneUnit),
  );
  // With the keyboard: up to three, and no further on the browser's own control.
  await units.focus();
  for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowUp");
  await expect(units).toHaveValue("3");
  await expect(
    estimate.getByRole("row", { name: new RegExp(`^${literally(komatsu.model)}, 2 zile, 3 unități`) }),
  ).toContainText(lei(3 * oneUnit));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
  await expectNoSeriousA11yViolations(page, "/contact with units chosen, on a phone");

  // More than the fleet, typed: said at the field before anything is sent.
  await units.fill("4");
  const email = `unitati.${randomUUID().slice(0, 8)}@exemplu.ro`;
  await fillContactAndSend(page, email, { accept: "Am citit și accept", send: "TRIMITEȚI" });
  await expect(units).toHaveAttribute("aria-invalid", "true");
  await expect(units).toHaveAccessibleDescription("Nu avem atatea unitati din acest utilaj; alegeti mai putine");
  await expect(units).toBeFocused();
  await units.fill("3");
  await page.getByRole("button", { name: "TRIMITEȚI" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Datele de contact au fost trimise cu succes!" }),
  ).toBeVisible();

  const stored = await inboxRequest(server, adminSession, email);
  expect(stored?.items.map(({ productId, days, units: count }) => [productId, days, count])).toEqual([
    [komatsu.uuid, 2, 3],
    [jlg.uuid, null, 1],
  ]);
  // The office reads them on the request's page.
  await page.goto(`/admin/main/leads/${stored?.id}`);
  const machines = page.getByRole("region", { name: "Utilaje cerute (2)" }).getByRole("table");
  await expect(machines.getByRole("columnheader", { name: "Unitati" })).toBeVisible();
  await expect(machines.getByRole("row", { name: new RegExp(literally(komatsu.model)) }).getByRole("cell")).toHaveText([
    komatsu.category,
    "nestabilit",
    "2",
    "—",
    "3",
    "Nu",
  ]);
});

test("the list is the same in every tab, and 'CERETI OFERTA' puts its machine first in it", async ({
  page,
  context,
  request,
}) => {
  const [first, second] = await twoCategories(request);
  const a = first.products[0] as ProductView;
  const c = second.products[0] as ProductView;
  await open(page, `/categorie/${first.category.slug}`);
  const other = await context.newPage();
  await open(other, productPage(second, c));
  await page.getByRole("button", { name: `Adăugați la cerere: ${a.model}` }).click();
  await expect(listLink(other)).toHaveAccessibleName("Lista de cerere: 1 utilaj");

  await other.getByRole("link", { name: "CERETI OFERTA" }).click();
  await expect(other).toHaveURL(`/contact?product=${c.uuid}`);
  await expect(other.getByRole("group", { name: /^.+ – / }).first()).toHaveAccessibleName(
    new RegExp(`^${literally(c.model)} `),
  );
  await expect(listLink(page)).toHaveAccessibleName("Lista de cerere: 2 utilaje");

  // Taken out, it stays out when the page's data comes again in another language.
  await other.getByRole("button", { name: `Scoateți din cerere: ${c.model}` }).click();
  await expect(other.getByRole("heading", { name: "Utilajele cerute (1 din 10)" })).toBeFocused();
  await other.getByRole("group", { name: "Limba site-ului" }).getByRole("button", { name: "EN" }).click();
  await expect(other.getByRole("heading", { name: "Machines requested (1 of 10)" })).toBeVisible();
  await expect(machineGroup(other, a.model)).toBeVisible();
  await other.close();
});

test("a machine deleted from the catalogue leaves the list with a notice, when /contact opens and when the server refuses it", async ({
  page,
  request,
  server,
  adminSession,
}) => {
  const all = await catalogue(request);
  const entry = all.find((candidate) => candidate.products.length >= 3);
  if (!entry) throw new Error("the demo catalogue has no category with three products");
  const [a, b, c] = entry.products as [ProductView, ProductView, ProductView];
  await open(page, `/categorie/${entry.category.slug}`);
  for (const product of [a, b, c])
    await page.getByRole("button", { name: `Adăugați la cerere: ${product.model}` }).click();
  await expect(listLink(page)).toHaveAccessibleName("Lista de cerere: 3 utilaje");

  await deleteProduct(server, adminSession, a.uuid);
  await open(page, "/contact");
  await expect(
    page.getByText(`${a.model} nu mai este în oferta noastră și a fost scos din lista dumneavoastră.`),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Utilajele cerute (2 din 10)" })).toBeVisible();

  // Deleted while the form is open: the send is refused for it alone, and the rest goes on the next send.
  await deleteProduct(server, adminSession, b.uuid);
  allowConsoleProblems(page, /status of 400 .*\/api\/contact\b/);
  // The list's editor may ask the deleted machine's booked days before the send refuses it: 404.
  allowConsoleProblems(page, /status of 404 .*\/api\/availability\?product=/);
  // The estimate may ask a deleted machine's rates before the catalogue's answer takes it out of the list: 404.
  allowConsoleProblems(page, /status of 404 .*\/api\/product\/details\//);
  const email = `sters.${randomUUID().slice(0, 8)}@exemplu.ro`;
  await fillContactAndSend(page, email, { accept: "Am citit și accept", send: "TRIMITEȚI" });
  await expect(
    page.getByText(`${b.model} nu mai este în oferta noastră și a fost scos din lista dumneavoastră.`),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Utilajele cerute (1 din 10)" })).toBeVisible();
  await expect(machineGroup(page, c.model)).toBeVisible();
  await page.getByRole("button", { name: "TRIMITEȚI" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Datele de contact au fost trimise cu succes!" }),
  ).toBeVisible();
  expect((await inboxRequest(server, adminSession, email))?.items.map((item) => item.productId)).toEqual([c.uuid]);
});

test(`machine ${QUOTE_LIST_MAX + 1} is refused with a message`, async ({ page, request }) => {
  const products = (await catalogue(request)).flatMap(({ category, products: each }) =>
    each.map((product) => ({ category, product })),
  );
  expect(products.length).toBeGreaterThan(QUOTE_LIST_MAX);
  const listed = products.slice(0, QUOTE_LIST_MAX).map(({ category, product }) => ({
    machine: {
      id: product.uuid,
      model: product.model,
      category: { name: category.name, name_en: category.name_en },
      path: "",
    },
  }));
  await open(page, "/home");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    QUOTE_LIST_STORAGE_KEY,
    JSON.stringify(listed),
  ] as const);
  const extra = products[QUOTE_LIST_MAX];
  if (!extra) throw new Error("no eleventh product");
  await open(page, `/categorie/${extra.category.slug}/utilaj/${extra.product.slug}`);
  await expect(listLink(page)).toHaveAccessibleName("Lista de cerere: 10 utilaje");
  // The compact bar of the narrowest phones keeps the link, its count and the other tools on the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(listLink(page)).toBeInViewport();
  await expect(page.getByRole("link", { name: "Pagina noastră de Facebook" })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
  await page.getByRole("button", { name: `Adăugați la cerere: ${extra.product.model}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cererea are deja 10 utilaje" })).toBeVisible();
  // Refused again, it is said again: the live region's text changes, so screen readers speak it.
  const region = page.getByRole("status").filter({ hasText: "Cererea are deja 10 utilaje" });
  const said = await region.evaluate((element) => element.textContent);
  await page.getByRole("button", { name: `Adăugați la cerere: ${extra.product.model}` }).click();
  await expect.poll(() => region.evaluate((element) => element.textContent)).not.toBe(said);
  await expect(listLink(page)).toHaveAccessibleName("Lista de cerere: 10 utilaje");
  await expect(page.getByRole("button", { name: `Adăugați la cerere: ${extra.product.model}` })).toBeVisible();
});

test("an item's day refused by the checks shows beside its field", async ({ page, request }) => {
  const [first] = await twoCategories(request);
  const a = first.products[0] as ProductView;
  await open(page, `/categorie/${first.category.slug}`);
  await page.getByRole("button", { name: `Adăugați la cerere: ${a.model}` }).click();
  await open(page, "/contact");
  const group = machineGroup(page, a.model);
  await group.getByLabel("Data de început").fill(addDays(romanianDay(), 5));
  await group.getByLabel("sau data de sfârșit").fill(addDays(romanianDay(), 2));
  await fillContactAndSend(page, `zile.${randomUUID().slice(0, 8)}@exemplu.ro`, {
    accept: "Am citit și accept",
    send: "TRIMITEȚI",
  });
  const end = group.getByLabel("sau data de sfârșit");
  await expect(end).toHaveAttribute("aria-invalid", "true");
  await expect(end).toHaveAccessibleDescription("Data de sfarsit este inaintea datei de inceput");
  await expect(end).toBeFocused();
  await expectNoSeriousA11yViolations(page, "/contact with a list item in error");
});

test("without JavaScript 'Adăugați la cerere' opens the contact form for that machine, and the request carries it", async ({
  browser,
  request,
  server,
  adminSession,
}) => {
  const [first] = await twoCategories(request);
  const a = first.products[0] as ProductView;
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    // An address in English keeps its language on the way.
    await page.goto(`${productPage(first, a)}?lang=en`);
    await page.getByRole("button", { name: `Add to request: ${a.model}` }).click();
    await expect(page).toHaveURL(`/contact?product=${a.uuid}&lang=en`);
    await expect(page.getByRole("heading", { name: `Offer request for ${a.model}` })).toBeVisible();

    await page.goto(productPage(first, a));
    await page.getByRole("button", { name: `Adăugați la cerere: ${a.model}` }).click();
    await expect(page).toHaveURL(`/contact?product=${a.uuid}`);
    await expect(page.getByRole("heading", { name: `Cerere de ofertă pentru ${a.model}` })).toBeVisible();
    const email = `fara.js.${randomUUID().slice(0, 8)}@exemplu.ro`;
    await fillContactAndSend(page, email, { accept: "Am citit și accept", send: "TRIMITEȚI" });
    await expect(page.getByRole("status").filter({ hasText: "Mulțumim! Cererea a fost trimisă" })).toBeVisible();
    expect((await inboxRequest(server, adminSession, email))?.items.map((item) => item.productId)).toEqual([a.uuid]);
  } finally {
    await context.close();
  }
});
