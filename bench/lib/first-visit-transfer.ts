import type { Browser, Request } from "@playwright/test";

/**
 * What a first visit of a page costs over the wire, as a phone sees it: Lighthouse's mobile device
 * (412 × 823 CSS px at 1.75x), no service worker (its own fetches would not be seen), the page
 * loaded, hydrated and its later banners arrived, without scrolling. Each response counts its
 * headers and its body as transferred (compressed where the server compressed it).
 */

export const PHONE_412 = { width: 412, height: 823, deviceScaleFactor: 1.75 } as const;

/** A browser context as that phone, with no service worker between the page and the server. */
export const PHONE_CONTEXT = {
  viewport: { width: PHONE_412.width, height: PHONE_412.height },
  deviceScaleFactor: PHONE_412.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
  serviceWorkers: "block",
} as const;

/** The kinds the issue names (HTML, CSS, JS, images) and the rest (API JSON, icons, the route manifest). */
export type TransferKind = "html" | "css" | "js" | "images" | "other";

export interface Transfer {
  bytes: number;
  requests: number;
  byKind: Record<TransferKind, number>;
}

function kindOf(request: Request): TransferKind {
  const type = request.resourceType();
  if (type === "document") return "html";
  if (type === "stylesheet") return "css";
  if (type === "script") return "js";
  if (type === "image") return "images";
  return "other";
}

/** Resolves once `idle` has held for `quietMs` in a row (what the later banners start comes after their reply). */
async function quiet(idle: () => boolean, quietMs = 500, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let since = Date.now();
  for (;;) {
    if (!idle()) since = Date.now();
    else if (Date.now() - since >= quietMs) return;
    if (Date.now() > deadline) throw new Error("Timed out waiting for the page's requests to end");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function weighFirstVisit(browser: Browser, url: string): Promise<Transfer> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    const transfer: Transfer = { bytes: 0, requests: 0, byKind: { html: 0, css: 0, js: 0, images: 0, other: 0 } };
    let pending = 0;
    page.on("request", () => (pending += 1));
    page.on("requestfailed", () => (pending -= 1));
    page.on("requestfinished", async (request) => {
      const sizes = await request.sizes();
      const bytes = sizes.responseHeadersSize + sizes.responseBodySize;
      transfer.bytes += bytes;
      transfer.requests += 1;
      transfer.byKind[kindOf(request)] += bytes;
      pending -= 1;
    });
    const laterBanners = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/banner");
    await page.goto(url, { waitUntil: "load" });
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    await laterBanners;
    await quiet(() => pending === 0);
    return transfer;
  } finally {
    await context.close();
  }
}
