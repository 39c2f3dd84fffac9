import type { APIRequestContext, Page } from "@playwright/test";
import { allowConsoleProblems, expect, expectToast, test } from "./fixtures.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { pauseClock, waitForHydration } from "./browser-checks.ts";
import { CONTENT_SCROLL_PX } from "../../app/lib/use-content-scroll.ts";

/** A category of the demo catalogue with products, and its first product that has a photo gallery. */
async function categoryWithGallery(
  request: APIRequestContext,
): Promise<{ category: CategoryView; product: ProductView }> {
  const categories = (await (await request.get("/api/category")).json()) as CategoryView[];
  for (const category of categories) {
    const products = (await (await request.get(`/api/product/category/${category.uuid}`)).json()) as ProductView[];
    const product = products.find((candidate) => candidate.gallery.length > 1);
    if (product) return { category, product };
  }
  throw new Error("The demo catalogue has no product with a gallery of two or more photos");
}

test("a visitor goes from home to a category, to a product and back, on the client", async ({ page, request }) => {
  const { category, product } = await categoryWithGallery(request);
  await page.goto("/home");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "ACASA", exact: true })).toHaveAttribute("aria-current", "page");

  await page
    .getByRole("region", { name: "Ce utilaje închiriem" })
    .getByRole("link", { name: category.name, exact: true })
    .click();
  await expect(page).toHaveURL(`/categorie/${category.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(category.name);
  await expect(page).toHaveTitle(new RegExp(category.name));
  await expect(
    page.getByRole("navigation", { name: "Categorii de utilaje" }).getByRole("link", { name: category.name }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "OFERTA", exact: true })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: product.model, exact: true }).click();
  await expect(page).toHaveURL(`/categorie/${category.slug}/utilaj/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.model);
  await expect(page.getByRole("heading", { name: "Date tehnice" })).toBeVisible();

  await page.getByRole("link", { name: `Înapoi la ${category.name}` }).click();
  await expect(page).toHaveURL(`/categorie/${category.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(category.name);
});

test("a category of the menu opens in the page, at the content, marked as the one shown", async ({ page, request }) => {
  const [first, second] = (await (await request.get("/api/category")).json()) as CategoryView[];
  await page.goto(`/categorie/${first?.slug}`);
  await waitForHydration(page);
  // A page that reloads loses this mark: the menu's plain links open their page in the app.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  const menu = page.getByRole("navigation", { name: "Categorii de utilaje" });
  const link = (category: CategoryView | undefined) => menu.getByRole("link", { name: category?.name, exact: true });
  // Chosen with the keyboard: the new list's link keeps the focus.
  await link(second).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/categorie/${second?.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(second?.name ?? "");
  await expect(link(second)).toHaveAttribute("aria-current", "page");
  await expect(link(first)).not.toHaveAttribute("aria-current");
  await expect(link(second)).toBeFocused();
  expect(await page.evaluate(() => "notReloaded" in window)).toBe(true);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(CONTENT_SCROLL_PX);
  // The category shown, chosen again, is loaded again but adds no history entry.
  const entries = await page.evaluate(() => history.length);
  const loaded = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"));
  await link(second).click();
  await loaded;
  await expect(page.getByText("Se încarcă pagina…")).toHaveCount(0);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.goBack();
  await expect(page).toHaveURL(`/categorie/${first?.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first?.name ?? "");
});

test("OFERTA opens the first category", async ({ page, request }) => {
  const [first] = (await (await request.get("/api/category")).json()) as CategoryView[];
  await page.goto("/home");
  await waitForHydration(page);
  await page.getByRole("link", { name: "OFERTA", exact: true }).click();
  await expect(page).toHaveURL(`/categorie/${first?.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first?.name ?? "");
});

test("the English choice is rendered by the server and survives a reload", async ({ page }) => {
  await page.goto("/home");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "RO" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "EN" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "HOME", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "EN" })).toHaveAttribute("aria-pressed", "true");

  // The page as the server sends it with the visitor's cookies: English from the first byte.
  const markup = await (await page.request.get("/home")).text();
  expect(markup).toContain('<html lang="en"');
  expect(markup).toContain("Construction equipment for rent");

  await page.reload();
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Construction equipment for rent");
  await expect(page).toHaveTitle(/Construction equipment rental in Bucharest/);
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en");
});

test("the photo gallery opens full screen, moves with the arrow keys and closes with Escape", async ({
  page,
  request,
}) => {
  const { category, product } = await categoryWithGallery(request);
  await page.goto(`/categorie/${category.slug}/utilaj/${product.slug}`);
  await waitForHydration(page);
  const count = product.gallery.length;
  const thumbnail = page.getByRole("button", { name: `Deschideți fotografia 1 din ${count}` });
  await thumbnail.click();

  const viewer = page.getByRole("dialog", { name: `Fotografii ${product.model}` });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Închideți galeria" })).toBeFocused();
  await expect(viewer.getByText(`Fotografia 1 din ${count}`, { exact: true })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(viewer.getByText(`Fotografia 2 din ${count}`, { exact: true })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(viewer.getByText(`Fotografia 1 din ${count}`, { exact: true })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();
});

test.describe("without the service worker (its own requests would not pass through page.route)", () => {
  test.use({ serviceWorkers: "block" });

  test("a click whose data request is dropped stays on the page shown, with the status-0 toast (ro)", async ({
    page,
    request,
  }) => {
    const { category } = await categoryWithGallery(request);
    // The dropped requests and the blocked worker's registration are what this test provokes.
    allowConsoleProblems(
      page,
      /ERR_INTERNET_DISCONNECTED|Failed to load resource|Service worker registration failed|Service Worker registration blocked/,
    );
    await page.goto("/home");
    await waitForHydration(page);
    const link = page
      .getByRole("region", { name: "Ce utilaje închiriem" })
      .getByRole("link", { name: category.name, exact: true });
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    // The connection drops: every data request of a client navigation fails at the network.
    const dataRequests = (url: URL) => url.pathname.endsWith(".data");
    await page.route(dataRequests, (route) => route.abort("internetdisconnected"));
    await link.click();

    await expectToast(page, "Serverul nu poate fi contactat. Verificați conexiunea la internet.");
    // Same address, same page, same place on it; the loading overlay has gone.
    await expect(page).toHaveURL("/home");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Închiriere utilaje pentru construcții",
    );
    await expect(page.getByText("Se încarcă pagina…")).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(page.getByRole("link", { name: "ACASA", exact: true })).toHaveAttribute("aria-current", "page");

    // The connection is back: the same click goes through, and Back returns to the page it left.
    await page.unroute(dataRequests);
    await link.click();
    await expect(page).toHaveURL(`/categorie/${category.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(category.name);
    await page.goBack();
    await expect(page).toHaveURL("/home");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Închiriere utilaje pentru construcții",
    );
  });

  test("with the server stopped, a click stays on the page shown, with the status-0 toast (en)", async ({
    page,
    request,
    server,
  }) => {
    const { category } = await categoryWithGallery(request);
    allowConsoleProblems(
      page,
      /ERR_CONNECTION_REFUSED|Failed to load resource|Service worker registration failed|Service Worker registration blocked/,
    );
    await page.goto("/home?lang=en");
    await waitForHydration(page);
    // The English page names a category in English when it has a name in English.
    const name = category.name_en || category.name;
    const categoryLink = page
      .getByRole("region", { name: "What we rent out" })
      .getByRole("link", { name, exact: true });
    // Once there and back on the client, so the category page's code is in the browser before the
    // server goes (a page's code that cannot be loaded makes React Router reload the document).
    await categoryLink.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "HOME", exact: true })
      .click();
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Construction equipment for rent",
    );
    const address = page.url();

    await server.close();
    await categoryLink.click();

    await expectToast(page, "The server cannot be contacted. Check your internet connection.");
    expect(page.url()).toBe(address);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Construction equipment for rent",
    );
    await expect(page.getByText("Loading the page…")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "HOME", exact: true })).toHaveAttribute("aria-current", "page");
  });
});

test("the gallery viewer shows the thumbnail blurred under each photo and loads the shown photo's neighbours at once", async ({
  page,
  request,
}) => {
  const { category, product } = await categoryWithGallery(request);
  await page.goto(`/categorie/${category.slug}/utilaj/${product.slug}`);
  await waitForHydration(page);
  const count = product.gallery.length;
  await page.getByRole("button", { name: `Deschideți fotografia 1 din ${count}` }).click();
  const viewer = page.getByRole("dialog", { name: `Fotografii ${product.model}` });
  const slide = (index: number) =>
    viewer.getByRole("group", { name: `Fotografia ${index} din ${count}`, includeHidden: true });
  // Each slide: the decorative blurred placeholder, then the photo itself.
  await expect(slide(1).locator("img")).toHaveCount(2);
  await expect(slide(1).locator("img").first()).toHaveAttribute("alt", "");
  // The shown photo and both neighbours (the carousel wraps) are fetched now and arrive without a swipe.
  const loaded = (index: number) =>
    slide(index)
      .locator("img")
      .last()
      .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
  for (const index of [1, 2, count]) await expect.poll(() => loaded(index)).toBe(true);
});

for (const [button, stored] of [
  ["Acceptati", "true"],
  ["Refuzati", "false"],
] as const) {
  test(`the cookie bar appears after 1 s and '${button}' stores ${stored}`, async ({ page, context }) => {
    await pauseClock(page);
    await page.goto("/home");
    await waitForHydration(page);
    // Page time stands still, so the second starts when the page mounted the bar's timer and
    // passes only as the test moves it on: just short of it nothing, at it the bar.
    const bar = page.getByRole("region", { name: "Acord pentru cookie-uri" });
    await page.clock.runFor(999);
    await expect(bar).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(bar).toBeVisible();

    await bar.getByRole("button", { name: button }).click();
    await expect(bar).toBeHidden();
    const consent = (await context.cookies()).find((cookie) => cookie.name === "cookie_consent");
    expect(consent?.value).toBe(stored);

    // Answered: the next visit does not ask again, however long it stays.
    await page.reload();
    await waitForHydration(page);
    await page.clock.runFor(2000);
    await expect(bar).toHaveCount(0);
  });
}

test("the banner carousel loads the other banners after 1 s and advances every 4 s", async ({ page, request }) => {
  const banners = (await (await request.get("/api/banner/all")).json()) as unknown[];
  expect(banners.length).toBeGreaterThan(1);
  await pauseClock(page);
  await page.goto("/home");
  await waitForHydration(page);
  const carousel = page.getByRole("region", { name: "Prezentare utilaje" });
  await expect(carousel.getByText("INCHIRIERE UTILAJE CONSTRUCTII")).toBeVisible();
  await page.clock.runFor(999);
  await expect(carousel.getByRole("button", { name: "Imaginea următoare" })).toHaveCount(0);

  await page.clock.runFor(1);
  await sliderShown(page);
  const slide = (index: number) => carousel.getByRole("group", { name: `${index} din ${banners.length}` });
  await expect(slide(1)).toBeVisible();

  await page.clock.runFor(4000);
  await expect(slide(2)).toBeVisible();
  await expect(slide(1)).toHaveCount(0);

  await carousel.getByRole("button", { name: "Imaginea anterioară" }).click();
  await expect(slide(1)).toBeVisible();
});

test("the banners stand still while they are scrolled out of view, and go on when they are back", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await pauseClock(page);
  await page.goto("/home");
  await waitForHydration(page);
  const carousel = page.getByRole("region", { name: "Prezentare utilaje" });
  await page.clock.runFor(1000);
  await sliderShown(page);
  const shown = carousel.locator("[aria-roledescription='slide']:not([aria-hidden='true'])");
  const first = await shown.getAttribute("aria-label");

  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await carouselReported(page, false);
  // Two turns of 4 s, not three: three banners around would come back to the first.
  await page.clock.runFor(9000);
  await expect(shown).toHaveAttribute("aria-label", first ?? "");

  await carousel.scrollIntoViewIfNeeded();
  await carouselReported(page, true);
  await page.clock.runFor(4000);
  await expect(shown).not.toHaveAttribute("aria-label", first ?? "");
});

/**
 * Once the later banners' fetch is made: the slider's module loads and React reveals it on a timer of
 * its own, so page time moves on in small steps until its arrows show, far from the 4 s the slides wait.
 */
async function sliderShown(page: Page) {
  const next = page
    .getByRole("region", { name: "Prezentare utilaje" })
    .getByRole("button", { name: "Imaginea următoare" });
  await expect(async () => {
    await page.clock.runFor(100);
    await expect(next).toBeVisible({ timeout: 500 });
  }).toPass();
}

/**
 * Waits until an observer of the page's own reports the carousel in or out of view: observers are
 * told in the order they were made, so the slider's own, made first, has been told too.
 */
async function carouselReported(page: Page, inView: boolean) {
  await page.evaluate(
    (wanted) =>
      new Promise<void>((resolve) => {
        const element = document.querySelector("[aria-roledescription='carousel']");
        if (!element) throw new Error("no carousel");
        const observer = new IntersectionObserver(([entry]) => {
          if (entry.isIntersecting === wanted) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(element);
      }),
    inView,
  );
}

test("on a 360 px phone the technical table's headings keep their words whole, in both languages", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  for (const language of ["", "?lang=en"]) {
    await page.goto(`/categorie/excavatoare/utilaj/kubota-kx057-5${language}`);
    const headings = page.locator("table").last().locator("th");
    await expect(headings.first()).toBeVisible();
    // A word broken across lines has one client rectangle per line.
    const lines = await headings.evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return [cell.textContent, new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size];
      }),
    );
    expect(lines, language || "ro").toEqual(lines.map(([text]) => [text, 1]));
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

/** The browser logs the 404 of a document it was asked to load: expected here. */
const DOCUMENT_404 = /Failed to load resource: the server responded with a status of 404/;

test("an unknown path shows the fallback screen with status 404", async ({ page }) => {
  allowConsoleProblems(page, DOCUMENT_404);
  const response = await page.goto("/nu-exista/deloc");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagina nu a fost găsită");
  await expect(page.getByRole("navigation", { name: "Navigare principală" })).toBeVisible();
});

test("an unknown category or model is a 404 inside the layout", async ({ page, request }) => {
  allowConsoleProblems(page, DOCUMENT_404);
  const { category } = await categoryWithGallery(request);
  for (const path of ["/categorie/nu-exista", `/categorie/${category.slug}/utilaj/nu-exista`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Pagina nu a fost găsită");
  }
});

test("the catalogue, contact, version and fallback pages have no serious accessibility violations", async ({
  page,
  request,
}) => {
  const { category, product } = await categoryWithGallery(request);
  const paths = [
    `/categorie/${category.slug}`,
    `/categorie/${category.slug}/utilaj/${product.slug}`,
    "/contact",
    "/version",
    "/nu-exista",
  ];
  allowConsoleProblems(page, DOCUMENT_404);
  for (const path of paths) {
    await page.goto(path);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page, path);
  }
});
