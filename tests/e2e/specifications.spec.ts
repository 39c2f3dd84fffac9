import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { consentGiven, waitForHydration } from "./browser-checks.ts";
import { expect, test } from "./fixtures.ts";

/**
 * A contractor's question on a phone ("an excavator under 6 t that digs at least 3.5 m deep"): the
 * demo's excavators filtered on their category page (with and without JavaScript), the one left
 * opened, two excavators compared side by side, one added to the request.
 */

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

const CATEGORY = "/categorie/excavatoare";
const FILTERED =
  /masa-operationala-max=6000.*adancime-maxima-de-sapare-min=3\.5|adancime-maxima-de-sapare-min=3\.5.*masa-operationala-max=6000/;

const cards = (page: Page) => page.getByRole("list", { name: /^(Utilaje din|Equipment in)/ }).getByRole("listitem");
const range = (page: Page, legend: string, end: string) =>
  page.getByRole("group", { name: legend }).getByRole("textbox", { name: end });

test("a visitor narrows the excavators to those under 6 t digging 3.5 m, opens the one left, compares two and adds one to the request", async ({
  page,
  browser,
  server,
}) => {
  await consentGiven(page.context(), server.url);
  await page.goto(CATEGORY);
  await waitForHydration(page);
  await expect(page.getByRole("status").filter({ hasText: "3 din 3 utilaje" })).toBeVisible();
  // A page that reloads loses this mark: the filters must not reload it.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  await page.getByText("Filtrați și ordonați").click();
  await range(page, "Masă operațională (kg)", "până la").fill("6000");
  await range(page, "Adâncime maximă de săpare (m)", "de la").fill("3.5");
  await expect(page.getByRole("status").filter({ hasText: "1 din 3 utilaje" })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByRole("link")).toContainText("Kubota KX057-5");
  // The cards left out keep the display of the one shown: a display that changes with the filter has
  // the browser build each such card's boxes again, most of a change's time on a phone (decision 063).
  expect(
    await page.locator("li[data-machine]").evaluateAll((items) => items.map((item) => getComputedStyle(item).display)),
  ).toEqual(["block", "block", "block"]);
  await expect(page).toHaveURL(FILTERED);
  expect(await page.evaluate(() => "notReloaded" in window)).toBe(true);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/categorie\/excavatoare$/);
  await expectNoSeriousA11yViolations(page, "the filtered category page");

  // Back: the depth typed in one go was one step; its field empties again with the address.
  await page.goBack();
  await expect(page).not.toHaveURL(/adancime/);
  await expect(range(page, "Adâncime maximă de săpare (m)", "de la")).toHaveValue("");
  await expect(range(page, "Masă operațională (kg)", "până la")).toHaveValue("6000");
  await page.goForward();
  await expect(page).toHaveURL(FILTERED);
  // Written back as the Romanian page writes a decimal.
  await expect(range(page, "Adâncime maximă de săpare (m)", "de la")).toHaveValue("3,5");

  // Nothing fits: said, with the way to ask.
  await range(page, "Masă operațională (kg)", "până la").fill("100");
  await expect(page.getByRole("status").filter({ hasText: "0 din 3 utilaje" })).toBeVisible();
  await expect(page.getByText("Niciun utilaj din această categorie nu se potrivește")).toBeVisible();
  await expect(page.getByRole("link", { name: "Spuneți-ne ce vă trebuie prin formularul de contact" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expectNoSeriousA11yViolations(page, "the category page with nothing left");
  await page.getByRole("link", { name: "Ștergeți filtrele" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 din 3 utilaje" })).toBeVisible();
  await expect(page).toHaveURL(CATEGORY);
  await page.goBack();
  await expect(page.getByRole("status").filter({ hasText: "0 din 3 utilaje" })).toBeVisible();

  // The order: by weight, heaviest first.
  await page.getByRole("link", { name: "Ștergeți filtrele" }).click();
  await page.getByLabel("Ordine").selectOption({ label: "Masă operațională: descrescător" });
  await expect(cards(page).first()).toContainText("CAT 320");
  await expect(cards(page).last()).toContainText("Kubota KX057-5");
  expect(await page.evaluate(() => "notReloaded" in window)).toBe(true);

  // The one left, opened: its figures in the page's number format.
  await page.goto(`${CATEGORY}?masa-operationala-max=6000&adancime-maxima-de-sapare-min=3.5`);
  await waitForHydration(page);
  await cards(page).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Kubota KX057-5" })).toBeVisible();
  const table = page.getByRole("region", { name: "Specificații" });
  await expect(table.getByRole("row", { name: "Masă operațională 5.540 kg" })).toBeVisible();
  await expect(table.getByRole("row", { name: "Adâncime maximă de săpare 3,81 m" })).toBeVisible();

  // Compared with the CAT 320, the count in the header.
  await page.getByRole("button", { name: "Comparați: Kubota KX057-5" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Kubota KX057-5 este în comparație (1 din 4)." }),
  ).toBeVisible();
  // Back to the list as it was left: still filtered, the address saying so; a reload of the
  // product page keeps the way back (the server's plain link gets the filters once hydrated).
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Înapoi la Excavatoare" })).toHaveAttribute("href", FILTERED);
  await page.getByRole("link", { name: "Înapoi la Excavatoare" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 din 3 utilaje" })).toBeVisible();
  await expect(page).toHaveURL(FILTERED);
  await page.getByRole("link", { name: "Ștergeți filtrele" }).click();
  await page.getByRole("button", { name: "Comparați: CAT 320" }).click();
  const compareLink = page.getByRole("banner").getByRole("link", { name: "Comparație: 2 din 4 utilaje" });
  await expect(compareLink).toBeVisible();
  // The card beside it, as tall as that card with its message, keeps its figures under its name:
  // the room is above its buttons.
  await expect(cards(page).filter({ hasText: "CAT 320 este în comparație (2 din 4)." })).toBeVisible();
  const underName = await cards(page)
    .filter({ hasText: "Komatsu PC210LC-11" })
    .evaluate((card) => {
      const [name, figures] = [card.querySelector("a")?.lastElementChild, card.querySelector("dl")];
      return name && figures ? figures.getBoundingClientRect().top - name.getBoundingClientRect().bottom : Infinity;
    });
  expect(underName).toBeLessThan(16);
  await compareLink.click();
  await expect(page.getByRole("heading", { level: 1, name: "Comparație utilaje" })).toBeVisible();
  const compared = page.getByRole("region", { name: "Comparație utilaje" });
  await expect(compared.getByRole("columnheader")).toHaveText(["Utilaj", "Kubota KX057-5", "CAT 320"]);
  // Differing values are marked in words too, not by colour alone.
  await expect(
    compared.getByRole("row", { name: /^Masă operațională \(diferă\) 5\.540 kg 22\.500 kg$/ }),
  ).toBeVisible();
  await expect(compared.getByRole("rowheader", { name: /^Masă operațională/ })).toContainText("≠");
  // On a 360 px phone the page does not scroll sideways: the table does, its first column staying.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const scroller = compared;
  const firstColumn = compared.getByRole("rowheader", { name: /^Masă operațională/ });
  const before = await firstColumn.boundingBox();
  await scroller.evaluate((element) => element.scrollBy({ left: 400 }));
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect((await firstColumn.boundingBox())?.x).toBe(before?.x);
  await expectNoSeriousA11yViolations(page, "the compare page");

  await page.getByRole("button", { name: "Adăugați la cerere: Kubota KX057-5" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Lista de cerere: 1 utilaj" })).toBeVisible();

  // The address names the machines: opened in English elsewhere, the same comparison.
  const address = new URL(page.url());
  address.searchParams.set("lang", "en");
  const other = await browser.newContext({ viewport: PHONE });
  try {
    const shared = await other.newPage();
    await shared.goto(address.href);
    await expect(
      shared
        .getByRole("region", { name: "Compare machines" })
        .getByRole("row", { name: /^Operating weight \(differs\) 5,540 kg 22,500 kg$/ }),
    ).toBeVisible();
  } finally {
    await other.close();
  }
});

test("the way back to a filtered list keeps the language the visitor switched to on the machine's page", async ({
  page,
  server,
}) => {
  await consentGiven(page.context(), server.url);
  await page.goto(`${CATEGORY}?lang=en&masa-operationala-max=6000&adancime-maxima-de-sapare-min=3.5`);
  await waitForHydration(page);
  await cards(page).getByRole("link").click();
  await expect(page.getByRole("link", { name: "Back to Excavators" })).toBeVisible();
  await page.getByRole("button", { name: "RO" }).click();
  await page.getByRole("link", { name: "Înapoi la Excavatoare" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 din 3 utilaje" })).toBeVisible();
  await expect(page).toHaveURL(FILTERED);
  await expect(page).not.toHaveURL(/lang=/);
});

test("without JavaScript the filters are a form the server answers, in both languages", async ({ browser, server }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url, viewport: PHONE });
  try {
    await consentGiven(context, server.url);
    const page = await context.newPage();
    await page.goto(CATEGORY);
    await page.getByText("Filtrați și ordonați").click();
    // Thousands grouped as the page writes them ("5.540 kg"), a decimal comma.
    await range(page, "Masă operațională (kg)", "până la").fill("6.000");
    await range(page, "Adâncime maximă de săpare (m)", "de la").fill("3,5");
    await page.getByRole("button", { name: "Aplicați filtrele" }).click();
    await expect(page).toHaveURL(/adancime-maxima-de-sapare-min=3%2C5/);
    await expect(page.getByRole("status").filter({ hasText: "1 din 3 utilaje" })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText("Kubota KX057-5");
    await expect(range(page, "Masă operațională (kg)", "până la")).toHaveValue("6000");
    await expect(range(page, "Adâncime maximă de săpare (m)", "de la")).toHaveValue("3,5");

    await page.goto(`${CATEGORY}?lang=en`);
    await page.getByText("Filter and sort").click();
    await range(page, "Operating weight (kg)", "to").fill("6000");
    await range(page, "Max. digging depth (m)", "from").fill("3.5");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/lang=en/);
    await expect(page.getByRole("status").filter({ hasText: "1 of 3 machines" })).toBeVisible();
    await expect(cards(page)).toContainText("5,540 kg");

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(`${CATEGORY}?lang=en`);
    await expect(page.getByRole("status").filter({ hasText: "3 of 3 machines" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("on the compare page, a machine taken out with the keyboard leaves the focus on the page's heading", async ({
  page,
  request,
  server,
}) => {
  await consentGiven(page.context(), server.url);
  const categories = (await (await request.get("/api/category")).json()) as { uuid: string; slug: string }[];
  const excavators = categories.find((category) => category.slug === "excavatoare");
  const machines = (await (await request.get(`/api/product/category/${excavators?.uuid}`)).json()) as {
    uuid: string;
    model: string;
  }[];
  expect(machines).toHaveLength(3);
  await page.goto(`/comparare?utilaje=${machines.map((machine) => machine.uuid).join(",")}`);
  await waitForHydration(page);
  const heading = page.getByRole("heading", { level: 1, name: "Comparație utilaje" });
  for (const machine of machines.slice(0, 2)) {
    await page.getByRole("link", { name: `Scoateți din comparație: ${machine.model}` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("link", { name: `Scoateți din comparație: ${machine.model}` })).toHaveCount(0);
    await expect(heading).toBeFocused();
  }
});

test("the apply button pressed again on the same filters adds no history entry, so Back leaves them at once", async ({
  page,
  server,
}) => {
  await consentGiven(page.context(), server.url);
  await page.goto(CATEGORY);
  await waitForHydration(page);
  await page.getByText("Filtrați și ordonați").click();
  await range(page, "Masă operațională (kg)", "până la").fill("6000");
  await expect(page).toHaveURL(/masa-operationala-max=6000/);
  const entries = await page.evaluate(() => history.length);
  const apply = page.getByRole("button", { name: "Aplicați filtrele" });
  await apply.click();
  await apply.click();
  // A real change after them adds its one entry: the presses before it were written (or not) by then.
  await range(page, "Adâncime maximă de săpare (m)", "de la").fill("3.5");
  await expect(page).toHaveURL(FILTERED);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  await page.goBack();
  await expect(page).toHaveURL(/masa-operationala-max=6000$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY}$`));
});

test("a number filter says beside it what is wrong with what was typed, in both languages", async ({
  page,
  server,
}) => {
  await consentGiven(page.context(), server.url);
  await page.goto(CATEGORY);
  await waitForHydration(page);
  await page.getByText("Filtrați și ordonați").click();
  const [from, to] = [range(page, "Masă operațională (kg)", "de la"), range(page, "Masă operațională (kg)", "până la")];
  await to.fill("6t");
  await expect(to).toHaveAttribute("aria-invalid", "true");
  await expect(to).toHaveAccessibleDescription(/Scrieți un număr, de exemplu 6000 sau 3,5\./);
  await expectNoSeriousA11yViolations(page, "a number filter with a problem");
  await to.fill("3000");
  await from.fill("9.000");
  await expect(page.getByText("„De la” este mai mare decât „până la”: niciun utilaj nu se potrivește.")).toBeVisible();
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await from.fill("");
  await expect(page.getByText(/este mai mare decât/)).toHaveCount(0);
  await expect(to).not.toHaveAttribute("aria-invalid");

  await page.goto(`${CATEGORY}?lang=en`);
  await waitForHydration(page);
  await page.getByText("Filter and sort").click();
  await range(page, "Operating weight (kg)", "to").fill("abc");
  await expect(page.getByText("Type a number, for example 6000 or 3.5.")).toBeVisible();
});
