import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type Page, type Request } from "@playwright/test";
import type { PictureView, ProductView } from "../common/catalogue/catalogue-views.ts";
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT, findChromium } from "../tests/helpers/chromium.ts";
import { runBench, Unavailable, type Cleanup } from "./lib/bench-main.ts";
import { PHONE_412, weighFirstVisit, type Transfer } from "./lib/first-visit-transfer.ts";
import { weighScripts, type PageScripts } from "./lib/initial-scripts.ts";
import { comparePath } from "../common/catalogue/compare-address.ts";
import { choosePages, getBytes, getJson } from "./lib/pages.ts";
import { requireProductionBuild, startProductionServer } from "./lib/production-server.ts";
import { round, writeResults, type Figure } from "./lib/results.ts";
import { DESIGN_SCRIPT_BUDGET_BYTES as JS_BUDGET_BYTES } from "./budgets.ts";

/**
 * The page-weight budgets of DESIGN.md § Budgets, measured on the production build:
 *  - initial JavaScript of /home, a category page and a product page: the gzip size (node:zlib at its
 *    default level, as Vite reports it) of every script the server-rendered HTML preloads or imports,
 *    against 110 kB; and no admin code or admin CSS among what those pages load;
 *  - the product page's pictures: what Chromium downloads from /media at a phone's and a desktop's
 *    width while a visitor scrolls to the end of the page and opens the gallery, against the bytes
 *    of the original uploads of the same pictures (budget: at most 30 %). Stepping on through every
 *    photo of the gallery is reported beside it, for information.
 *  - what a first visit of /home transfers at 412 px (HTML, CSS, JS, images: bench/lib/first-visit-transfer.ts);
 *    with `--baseline DIR` (another checkout's build, served beside this one) also the ratio
 *    current ÷ baseline, against a budget of 50 %, and each page's initial JavaScript before and after.
 *
 * Usage: `npm run build`, then `node_modules/.bin/node bench/page-weight.ts [--url http://host:port] [--baseline DIR]`.
 * Without --url it starts the production server on 127.0.0.1 with a temporary data directory and
 * the demo catalogue. It builds nothing. kB are 1000 bytes. Figures and exit code as every bench
 * (bench/README.md).
 */

const PICTURE_BUDGET_RATIO = 0.3;
/** A phone 390 CSS px wide at the usual pixel densities, and a desktop. */
const VIEWPORTS = [
  { label: "390 px @1x", width: 390, height: 844, deviceScaleFactor: 1, mobile: true },
  { label: "390 px @2x", width: 390, height: 844, deviceScaleFactor: 2, mobile: true },
  { label: "390 px @3x", width: 390, height: 844, deviceScaleFactor: 3, mobile: true },
  { label: "1280 px @1x", width: 1280, height: 800, deviceScaleFactor: 1, mobile: false },
] as const;
type Viewport = (typeof VIEWPORTS)[number];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
const verdict = (ok: boolean) => (ok ? "within budget" : "OVER BUDGET");

/** The given server, or the production build started on a temporary data directory with the demo catalogue. */
async function serve(cleanup: Cleanup, url: string | undefined, root?: string): Promise<string> {
  if (url) return url.replace(/\/$/, "");
  requireProductionBuild(root);
  const server = await startProductionServer(cleanup, {
    dataDir: cleanup.tempDir("utilaje-page-weight-"),
    seedDemo: true,
    root,
  });
  return server.url;
}

/** Prints the pages' scripts and their chunks; returns the figures (one a page, and the admin check). */
function reportScripts(pages: PageScripts[], baseline: PageScripts[] = []): Figure[] {
  console.log(`Initial JavaScript (gzip) — budget ${kB(JS_BUDGET_BYTES)} a page, no admin code or CSS`);
  for (const page of pages) {
    const admin = page.adminHits.length > 0 ? `ADMIN: ${page.adminHits.join(", ")}` : "no admin";
    console.log(
      `  ${page.label.padEnd(9)} ${kB(page.gzipBytes).padStart(9)} = ${percent(page.gzipBytes / JS_BUDGET_BYTES).padStart(7)} of the budget` +
        `  ${verdict(page.gzipBytes <= JS_BUDGET_BYTES).padEnd(13)}  ${admin}  ${page.pathname}`,
    );
  }
  const chunks = new Map<string, number>();
  for (const page of pages) for (const chunk of page.chunks) chunks.set(chunk.name, chunk.gzipBytes);
  console.log("  their chunks (gzip), largest first:");
  for (const [name, bytes] of [...chunks].sort((a, b) => b[1] - a[1])) {
    const on = pages.filter((page) => page.chunks.some((chunk) => chunk.name === name)).map((page) => page.label);
    console.log(`    ${kB(bytes).padStart(9)}  ${name}  (${on.length === pages.length ? "all" : on.join(", ")})`);
  }
  const before = (page: PageScripts) => baseline.find((candidate) => candidate.label === page.label);
  for (const page of pages) {
    const old = before(page);
    if (old)
      console.log(
        `  ${page.label.padEnd(9)} baseline ${kB(old.gzipBytes)} → ${kB(page.gzipBytes)} (× ${(page.gzipBytes / old.gzipBytes).toFixed(2)})`,
      );
  }
  const adminHits = pages.flatMap((page) => page.adminHits.map((hit) => `${page.label}: ${hit}`));
  return [
    ...pages.map((page): Figure => {
      const old = before(page);
      return {
        name: `initial JavaScript of ${page.label} (gzip)`,
        value: round(page.gzipBytes / 1000),
        unit: "kB",
        budget: JS_BUDGET_BYTES / 1000,
        kind: "at-most",
        details: `${page.chunks.length} scripts preloaded or imported by the HTML of ${page.pathname}${old ? `; baseline ${kB(old.gzipBytes)}` : ""}`,
      };
    }),
    {
      name: "admin scripts or stylesheets on public pages",
      value: adminHits.length,
      unit: "files",
      budget: 1,
      kind: "below",
      details: adminHits.length > 0 ? adminHits.join(", ") : "none on /home, the category page or the product page",
    },
  ];
}

/**
 * The budgets of the typed specifications (decision 058): the category page's initial JavaScript
 * grows by at most 3 kB over the baseline build's, the product page's by at most 1 kB, and the
 * compare page loads at most 3 kB more than the product page.
 */
function reportCompareAndGrowth(compare: PageScripts, pages: PageScripts[], baseline: PageScripts[]): Figure[] {
  const product = pages.find((page) => page.label === "product");
  if (!product) return [];
  const overProduct = compare.gzipBytes - product.gzipBytes;
  console.log(
    `  compare   ${kB(compare.gzipBytes)} = product page ${overProduct >= 0 ? "+" : "−"} ${kB(Math.abs(overProduct))}  ${compare.pathname}`,
  );
  const figures: Figure[] = [
    {
      name: "initial JavaScript of the compare page over the product page's (gzip)",
      value: round(overProduct / 1000),
      unit: "kB",
      budget: 3,
      kind: "at-most",
      details: `compare ${kB(compare.gzipBytes)}, product ${kB(product.gzipBytes)}`,
    },
  ];
  for (const [label, budget] of [
    ["category", 3],
    ["product", 1],
  ] as const) {
    const now = pages.find((page) => page.label === label);
    const old = baseline.find((page) => page.label === label);
    if (!now || !old) continue;
    figures.push({
      name: `initial JavaScript of ${label}, current − baseline (gzip)`,
      value: round((now.gzipBytes - old.gzipBytes) / 1000),
      unit: "kB",
      budget,
      kind: "at-most",
      details: `baseline ${kB(old.gzipBytes)} → ${kB(now.gzipBytes)}`,
    });
  }
  return figures;
}

/** Resolves when `check` holds, polling; fails after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every <img> that intersects the viewport has finished loading. */
function visibleImagesLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.images].every((image) => {
      const box = image.getBoundingClientRect();
      const shown = box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      return !shown || image.complete;
    }),
  );
}

/** The viewer shows slide `index` and its photo has loaded (the viewer itself loads lazily: wait for it). */
function viewerPhotoLoaded(page: Page, index: number): Promise<boolean> {
  return page.evaluate((index) => {
    const slide = document.querySelectorAll('dialog[open] [aria-roledescription="slide"]')[index];
    const image = slide?.querySelector("img");
    return slide?.getAttribute("aria-hidden") === "false" && !!image && image.complete && image.naturalWidth > 0;
  }, index);
}

interface Download {
  imageId: string;
  bytes: number;
}

/** The /media downloads of one page visit; `settled()` waits until none is under way. */
function recordMedia(page: Page): { downloads: Download[]; settled(): Promise<void> } {
  const downloads: Download[] = [];
  let pending = 0;
  const isMedia = (request: Request) => new URL(request.url()).pathname.startsWith("/media/");
  page.on("request", (request) => {
    if (isMedia(request)) pending += 1;
  });
  page.on("requestfinished", async (request) => {
    if (!isMedia(request)) return;
    const file = new URL(request.url()).pathname.split("/").pop() ?? "";
    downloads.push({ imageId: UUID.exec(file)?.[0] ?? file, bytes: (await request.sizes()).responseBodySize });
    pending -= 1;
  });
  page.on("requestfailed", (request) => {
    if (isMedia(request)) pending -= 1;
  });
  return { downloads, settled: () => until(() => pending === 0, "the picture downloads") };
}

/**
 * A visitor at one viewport: loads the product page, waits for the later banners, scrolls to the
 * end letting the lazy pictures in view load, opens the gallery (snapshot), then views every photo.
 */
async function browseProduct(
  browser: Browser,
  url: string,
  viewport: Viewport,
  photos: number,
): Promise<{ opened: Download[]; everyPhoto: Download[] }> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.deviceScaleFactor,
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
    // A first visit, measured on the page's own requests: what the service worker would fetch for
    // it is not seen by the page's response events.
    serviceWorkers: "block",
  });
  try {
    const page = await context.newPage();
    const media = recordMedia(page);
    const laterBanners = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/banner");
    await page.goto(url, { waitUntil: "load" });
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    await laterBanners;
    for (;;) {
      await until(() => visibleImagesLoaded(page), "the pictures in view");
      const atEnd = await page.evaluate(() => {
        const before = scrollY;
        scrollBy(0, innerHeight / 2);
        return scrollY === before;
      });
      if (atEnd) break;
    }
    if (photos > 0) {
      await page.locator('section[aria-labelledby="product-gallery"] li button').first().click();
      await until(() => viewerPhotoLoaded(page, 0), "the first photo in the viewer");
    }
    await media.settled();
    const opened = [...media.downloads];
    for (let index = 1; index < photos; index += 1) {
      await page.keyboard.press("ArrowRight");
      await until(() => viewerPhotoLoaded(page, index), `photo ${index + 1} in the viewer`);
    }
    await media.settled();
    return { opened, everyPhoto: [...media.downloads] };
  } finally {
    await context.close();
  }
}

async function originalSizes(base: string, pictures: readonly PictureView[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const picture of pictures) {
    const imageId = UUID.exec(picture.image)?.[0];
    if (imageId) sizes.set(imageId, (await getBytes(base, picture.image)).length);
  }
  return sizes;
}

/** Downloaded bytes against the originals of the same pictures. */
function weighDownloads(downloads: readonly Download[], originals: ReadonlyMap<string, number>) {
  const bytes = downloads.reduce((sum, download) => sum + download.bytes, 0);
  const pictures = new Set(downloads.map((download) => download.imageId));
  const originalBytes = [...pictures].reduce((sum, id) => sum + (originals.get(id) ?? 0), 0);
  return { bytes, originalBytes, files: downloads.length, pictures: pictures.size, ratio: bytes / originalBytes };
}

/** Prints what each viewport downloads; returns its figures (the gallery-opened ratio of each viewport). */
async function launchChromium(cleanup: Cleanup): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Unavailable(`no Chromium. ${CHROMIUM_INSTALL_HINT}`);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  cleanup.add(() => browser.close());
  return browser;
}

const describeTransfer = (transfer: Transfer) =>
  `${kB(transfer.bytes)} in ${transfer.requests} requests (HTML ${kB(transfer.byKind.html)}, CSS ${kB(transfer.byKind.css)}, ` +
  `JS ${kB(transfer.byKind.js)}, images ${kB(transfer.byKind.images)}, other ${kB(transfer.byKind.other)})`;

/**
 * A first visit of /home at 412 px; with a baseline build, the same visit of it (the two
 * interleaved, three times each, the median kept: the later banners can race the page's end).
 */
async function reportHomeTransfer(browser: Browser, base: string, baselineBase: string | undefined): Promise<Figure[]> {
  const label = `${PHONE_412.width} px @${PHONE_412.deviceScaleFactor}x`;
  console.log(`\nFirst visit of /home at ${label}, no service worker — what goes over the wire`);
  const runs: { current: Transfer[]; baseline: Transfer[] } = { current: [], baseline: [] };
  for (let run = 0; run < 3; run++) {
    runs.current.push(await weighFirstVisit(browser, `${base}/home`));
    if (baselineBase) runs.baseline.push(await weighFirstVisit(browser, `${baselineBase}/home`));
  }
  const median = (transfers: Transfer[]) => [...transfers].sort((a, b) => a.bytes - b.bytes)[1];
  const current = median(runs.current);
  console.log(`  current   ${describeTransfer(current)}`);
  if (!baselineBase) return [];
  const baseline = median(runs.baseline);
  const ratio = current.bytes / baseline.bytes;
  console.log(`  baseline  ${describeTransfer(baseline)}`);
  console.log(
    `  current ÷ baseline: × ${ratio.toFixed(2)} (images × ${(current.byKind.images / baseline.byKind.images).toFixed(2)})`,
  );
  return [
    {
      name: `/home first-visit transfer at ${label}, current ÷ baseline`,
      value: round(ratio),
      unit: "×",
      budget: 0.5,
      kind: "at-most",
      details: `median of 3 each: current ${describeTransfer(current)}; baseline ${describeTransfer(baseline)}`,
    },
  ];
}

async function reportPictures(
  browser: Browser,
  base: string,
  productPath: string,
  product: ProductView,
): Promise<Figure[]> {
  const banners = await getJson<PictureView[]>(base, "/api/banner/all");
  const originals = new Map([
    ...(await originalSizes(base, [product.header_photo, ...product.gallery])),
    ...(await originalSizes(base, banners)),
  ]);
  console.log(
    `\nPictures of the product page ${productPath} (offer photo, ${product.gallery.length} gallery photos, ${banners.length} banners)\n` +
      `— downloaded bytes against the originals of the same pictures; budget ${percent(PICTURE_BUDGET_RATIO)} with the gallery opened`,
  );
  const figures: Figure[] = [];
  for (const viewport of VIEWPORTS) {
    const visit = await browseProduct(browser, base + productPath, viewport, product.gallery.length);
    const opened = weighDownloads(visit.opened, originals);
    const everyPhoto = weighDownloads(visit.everyPhoto, originals);
    console.log(
      `  ${viewport.label.padEnd(12)} scrolled, gallery opened: ${kB(opened.bytes).padStart(8)} / ${kB(opened.originalBytes).padStart(8)} = ${percent(opened.ratio).padStart(6)}` +
        ` (${opened.files} files, ${opened.pictures} pictures)  ${verdict(opened.ratio <= PICTURE_BUDGET_RATIO).padEnd(13)}` +
        `  | every photo viewed: ${kB(everyPhoto.bytes).padStart(8)} / ${kB(everyPhoto.originalBytes).padStart(8)} = ${percent(everyPhoto.ratio).padStart(6)}` +
        ` (${everyPhoto.files} files)`,
    );
    figures.push({
      name: `product page pictures at ${viewport.label}`,
      value: round(opened.ratio * 100),
      unit: "% of the originals",
      budget: PICTURE_BUDGET_RATIO * 100,
      kind: "at-most",
      details:
        `${kB(opened.bytes)} downloaded for ${opened.pictures} pictures whose originals weigh ${kB(opened.originalBytes)}, ` +
        `page scrolled and gallery opened; every photo viewed: ${percent(everyPhoto.ratio)}`,
    });
  }
  return figures;
}

await runBench(async (cleanup) => {
  const { values } = parseArgs({ options: { url: { type: "string" }, baseline: { type: "string" } } });
  const base = await serve(cleanup, values.url);
  const baselineBase = values.baseline ? await serve(cleanup, undefined, path.resolve(values.baseline)) : undefined;
  const { categoryPath, product, productPath } = await choosePages(base);
  console.log(`Page weight of ${base}\n`);
  const weighPages = async (server: string) => [
    await weighScripts(server, "home", "/home"),
    await weighScripts(server, "category", categoryPath),
    await weighScripts(server, "product", productPath),
  ];
  const pages = await weighPages(base);
  const baselinePages = baselineBase ? await weighPages(baselineBase) : [];
  const scripts = reportScripts(pages, baselinePages);
  const compare = reportCompareAndGrowth(
    await weighScripts(base, "compare", comparePath([product.uuid])),
    pages,
    baselinePages,
  );
  const browser = await launchChromium(cleanup);
  const pictures = await reportPictures(browser, base, productPath, product);
  const home = await reportHomeTransfer(browser, base, baselineBase);
  console.log("");
  return writeResults("page-weight", [...scripts, ...compare, ...pictures, ...home]);
});
