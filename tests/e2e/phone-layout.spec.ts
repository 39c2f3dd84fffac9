import type { APIRequestContext, Page } from "@playwright/test";
import type { BannerView, CategoryView } from "../../common/catalogue/catalogue-views.ts";
import type { Locale } from "../../common/language/language.ts";
import { BANNER_CAPTION_MAX_LENGTH } from "../../common/schemas/banner.ts";
import { waitForHydration } from "./browser-checks.ts";
import { expect, test, type AdminSession } from "./fixtures.ts";

/**
 * The header and the banner on phones (and wider): the header keeps the rows and the height it has
 * at 390 px down to 320 px, every one of its links and buttons a 48 px touch target inside the
 * screen; the banner's captions (each slide's own and the carousel's) never meet its buttons and
 * stay whole inside it. Checked on /home and a category page, in both languages, with the demo
 * captions and with captions at the admin's maximum length.
 */

const PHONE_WIDTHS = [320, 360, 390, 414] as const;
/** The phone layout the narrower ones must keep. */
const REFERENCE_WIDTH = 390;
/** Wider screens, where the captions share the picture with the buttons. */
const WIDE_WIDTHS = [531, 768, 1366] as const;
const TOUCH_TARGET = 48;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Named {
  name: string;
  box: Box;
}

interface Layout {
  pageWidth: number;
  header: { height: number; controls: Named[] };
  picture: Box;
  /** Each slide's caption where it shows when its slide is shown, then the carousel's caption. */
  slideCaptions: Named[];
  caption: Named;
  buttons: Named[];
}

/** Where the header's and the banner's parts are, in the page's coordinates. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const boxOf = (element: Element): Box => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    };
    const nameOf = (element: Element) => (element.getAttribute("aria-label") ?? element.textContent ?? "").trim();
    const header = document.querySelector("header");
    const carousel = document.querySelector("section[aria-roledescription='carousel']");
    const viewport = carousel?.querySelector("[aria-roledescription='slide']")?.parentElement?.parentElement;
    const caption = carousel?.querySelector(":scope > p");
    if (!header || !carousel || !viewport || !caption)
      throw new Error("no header, banner slider or banner caption on the page");
    const picture = boxOf(viewport);
    const slideCaptions = [...carousel.querySelectorAll("[aria-roledescription='slide']")].flatMap((slide) => {
      const text = slide.querySelector("p");
      if (!text) return [];
      // Placed as it shows when its slide is the one in the picture, whichever one is shown now.
      const slideBox = boxOf(slide);
      const own = boxOf(text);
      const dx = picture.left - slideBox.left;
      const dy = picture.top - slideBox.top;
      return [
        {
          name: nameOf(text),
          box: { left: own.left + dx, top: own.top + dy, right: own.right + dx, bottom: own.bottom + dy },
        },
      ];
    });
    const named = (element: Element) => ({ name: nameOf(element), box: boxOf(element) });
    return {
      pageWidth: document.documentElement.scrollWidth,
      header: {
        height: header.getBoundingClientRect().height,
        controls: [...header.querySelectorAll("a, button")].map(named),
      },
      picture,
      slideCaptions,
      caption: named(caption),
      buttons: [...carousel.querySelectorAll("button")].map(named),
    };
  });
}

/** Boxes that share more than a hairline (a subpixel rounding is not a meeting). */
function meet(a: Box, b: Box): boolean {
  return (
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5
  );
}

/** The header's controls as rows: a control starts a new row when it lies wholly below the last one. */
function rowsOf(controls: Named[]): number {
  let rows = 0;
  let rowBottom = -Infinity;
  for (const { box } of [...controls].sort((a, b) => a.box.top - b.box.top)) {
    if (box.top >= rowBottom - 0.5) {
      rows += 1;
      rowBottom = box.bottom;
    } else rowBottom = Math.max(rowBottom, box.bottom);
  }
  return rows;
}

const short = (name: string) => (name.length > 24 ? `${name.slice(0, 24)}…` : name);

/** What is wrong with the banner at this width: a caption meeting a button, or cut by the picture's edge. */
function bannerProblems(layout: Layout): string[] {
  const problems: string[] = [];
  for (const caption of [...layout.slideCaptions, layout.caption]) {
    for (const button of layout.buttons) {
      if (meet(caption.box, button.box))
        problems.push(`caption "${short(caption.name)}" meets the button "${button.name}"`);
    }
  }
  for (const slideCaption of layout.slideCaptions) {
    const { box } = slideCaption;
    const { picture } = layout;
    if (
      box.left < picture.left ||
      box.right > picture.right + 0.5 ||
      box.top < picture.top ||
      box.bottom > picture.bottom + 0.5
    ) {
      problems.push(`caption "${short(slideCaption.name)}" runs out of the picture`);
    }
    if (meet(box, layout.caption.box))
      problems.push(`caption "${short(slideCaption.name)}" meets the carousel's caption`);
  }
  return problems;
}

/** What is wrong with the header at a phone width, against its layout at 390 px. */
function headerProblems(layout: Layout, width: number, reference: Layout): string[] {
  const problems: string[] = [];
  const { header } = layout;
  const rows = rowsOf(header.controls);
  const referenceRows = rowsOf(reference.header.controls);
  if (rows > referenceRows) problems.push(`the header has ${rows} rows (${referenceRows} at ${REFERENCE_WIDTH} px)`);
  if (header.height > reference.header.height + 0.5) {
    problems.push(
      `the header is ${Math.round(header.height)} px high (${Math.round(reference.header.height)} px at ${REFERENCE_WIDTH} px)`,
    );
  }
  if (layout.pageWidth > width) problems.push(`the page is ${layout.pageWidth} px wide`);
  for (const { name, box } of header.controls) {
    if (box.left < -0.5 || box.right > width + 0.5) problems.push(`"${short(name)}" is cut by the screen's edge`);
    if (box.right - box.left < TOUCH_TARGET - 0.5 || box.bottom - box.top < TOUCH_TARGET - 0.5) {
      problems.push(`"${short(name)}" is ${Math.round(box.right - box.left)} x ${Math.round(box.bottom - box.top)} px`);
    }
  }
  return problems;
}

/** Opens `path` in `language` and waits for the banner's buttons (they come with the other banners, after 1 s). */
async function open(page: Page, path: string, language: Locale): Promise<void> {
  await page.goto(`${path}?lang=${language}`);
  await waitForHydration(page);
  await expect(page.locator("section[aria-roledescription='carousel'] button")).toHaveCount(3);
}

/** The page's header and banner at every width: what is wrong, each line naming the width. */
async function layoutProblems(page: Page, label: string): Promise<string[]> {
  const layouts = new Map<number, Layout>();
  for (const width of [REFERENCE_WIDTH, ...PHONE_WIDTHS, ...WIDE_WIDTHS]) {
    if (layouts.has(width)) continue;
    await page.setViewportSize({ width, height: 800 });
    layouts.set(width, await measure(page));
  }
  const reference = layouts.get(REFERENCE_WIDTH);
  if (!reference) throw new Error("no layout at the reference width");
  return [...layouts].flatMap(([width, layout]) =>
    [
      ...bannerProblems(layout),
      ...((PHONE_WIDTHS as readonly number[]).includes(width) ? headerProblems(layout, width, reference) : []),
    ].map((problem) => `${label} at ${width} px: ${problem}`),
  );
}

async function firstCategoryPath(request: APIRequestContext): Promise<string> {
  const [category] = (await (await request.get("/api/category")).json()) as CategoryView[];
  if (!category) throw new Error("the demo catalogue has no category");
  return `/categorie/${category.slug}`;
}

const ADD_TO_LIST: Record<Locale, RegExp> = { ro: /^Adăugați la cerere/, en: /^Add to request/ };
const ONE_IN_LIST: Record<Locale, string> = { ro: "Lista de cerere: 1 utilaj", en: "Request list: 1 machine" };

for (const language of ["ro", "en"] as const) {
  test(`${language}: from 320 px up the header keeps its 390 px rows and the banner's captions clear its buttons, the quote list counting a machine`, async ({
    page,
    request,
  }) => {
    const category = await firstCategoryPath(request);
    await open(page, category, language);
    // The header's quote-list link shows its count once hydrated: the header must hold with it.
    await page.getByRole("button", { name: ADD_TO_LIST[language] }).first().click();
    const listLink = page.getByRole("banner").getByRole("link", { name: ONE_IN_LIST[language] });
    await expect(listLink).toBeVisible();
    const problems = await layoutProblems(page, category);
    await open(page, "/home", language);
    await expect(listLink).toBeVisible();
    problems.push(...(await layoutProblems(page, "/home")));
    expect(problems).toEqual([]);
  });
}

/** `words` repeated up to the admin's maximum caption length. */
function longestCaption(words: string): string {
  return words.repeat(Math.ceil(BANNER_CAPTION_MAX_LENGTH / words.length)).slice(0, BANNER_CAPTION_MAX_LENGTH);
}

test("captions at the admin's maximum length, in capitals, stay clear of the banner's buttons and whole in its picture", async ({
  page,
  request,
  adminSession,
}) => {
  const caption = longestCaption("ÎNCHIRIERE BULDOEXCAVATOARE ȘI ÎNCĂRCĂTOARE FRONTALE PENTRU ȘANTIERE, ");
  const captionEn = longestCaption("WHEEL LOADERS, EXCAVATORS AND COMPACTORS WITH A CERTIFIED OPERATOR, ");
  // Cut where it ends on a letter, so that the stored caption keeps every character.
  expect([caption.trim().length, captionEn.trim().length]).toEqual([
    BANNER_CAPTION_MAX_LENGTH,
    BANNER_CAPTION_MAX_LENGTH,
  ]);
  await setCaptions(request, adminSession, caption, captionEn);
  const category = await firstCategoryPath(request);
  const problems: string[] = [];
  for (const language of ["ro", "en"] as const) {
    for (const path of ["/home", category]) {
      await open(page, path, language);
      await expect(page.getByText(language === "ro" ? caption : captionEn).first()).toBeAttached();
      problems.push(...(await layoutProblems(page, `${path}?lang=${language}`)));
    }
  }
  expect(problems).toEqual([]);
});

/** Every banner's caption set through the admin API, as the banner screen saves it. */
async function setCaptions(
  request: APIRequestContext,
  session: AdminSession,
  caption: string,
  captionEn: string,
): Promise<void> {
  const banners = (await (await request.get("/api/banner/all")).json()) as BannerView[];
  expect(banners.length).toBeGreaterThan(1);
  for (const banner of banners) {
    const response = await request.put("/api/banner/update", {
      headers: { Authorization: `Bearer ${session.token}` },
      data: { uuid: banner.uuid, caption, caption_en: captionEn },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

/** What the keyboard reaches in the header, in order, from its logo: each control's kind. */
async function headerTabOrder(page: Page): Promise<string[]> {
  await page.getByRole("banner").getByRole("link").first().focus();
  const order: string[] = [];
  for (let step = 0; step < 20; step++) {
    // The header's bar: the logo (the home link with its picture), the phones, the e-mails, and the
    // tools (the comparison, the quote list, the language buttons, the social link); the menu after it ends the walk.
    const kind = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || !focused.closest("header") || focused.closest("nav, [role='search'], form")) return null;
      const href = focused.getAttribute("href") ?? "";
      if (href.startsWith("tel:")) return "phone";
      if (href.startsWith("mailto:")) return "e-mail";
      return href === "/home" && focused.querySelector("img") ? "logo" : "tool";
    });
    if (kind === null) break;
    if (order.at(-1) !== kind) order.push(kind);
    await page.keyboard.press("Tab");
  }
  return order;
}

test("the keyboard goes through the header as it is seen: on a phone the logo and the tools' row, then the contacts' row; on a wide screen the one row", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, "/home", "ro");
  expect(await headerTabOrder(page)).toEqual(["logo", "tool", "phone", "e-mail"]);
  await page.setViewportSize({ width: 1366, height: 800 });
  expect(await headerTabOrder(page)).toEqual(["logo", "phone", "e-mail", "tool"]);
});
