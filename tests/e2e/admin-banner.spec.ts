import type { Page } from "@playwright/test";
import type { BannerView } from "../../common/catalogue/catalogue-views.ts";
import { chooseFiles, pictureFile } from "./admin-pictures.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, expectToast, test } from "./fixtures.ts";

const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

async function banners(page: Page): Promise<BannerView[]> {
  return (await (await page.request.get("/api/banner/all")).json()) as BannerView[];
}

async function openBannerScreen(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Poze banner", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Poze banner" })).toBeVisible();
  await page.mouse.move(0, 0);
}

test("banner pictures are uploaded, reordered and deleted, and /home shows it", async ({ adminPage: page }) => {
  const before = await banners(page);
  await openBannerScreen(page);
  await expect(page.getByRole("list", { name: "Ordinea pozelor" }).first().getByRole("img")).toHaveCount(before.length);
  await expectNoSeriousA11yViolations(page, "the banner screen");

  // Over the limit, counted with the banners already there: nothing is taken.
  const tooMany = await Promise.all([1, 2, 3].map((n) => pictureFile(`b${n}.png`, "png", `#${n}0${n}0a0`)));
  await chooseFiles(page, page.getByRole("button", { name: "Alegeti poze" }), tooMany.slice(0, 5 - before.length + 1));
  await expect(toast(page, "Aveți voie să încărcați maxim 5 fișiere")).toBeVisible();
  const tooLarge = { name: "urias.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) };
  await chooseFiles(page, page.getByRole("button", { name: "Alegeti poze" }), [tooLarge]);
  await expect(
    toast(page, "Imaginea urias.png nu indeplineste conditia: Dimensiune maxima acceptata este de 10MB."),
  ).toBeVisible();

  await chooseFiles(page, page.getByRole("button", { name: "Alegeti poze" }), [
    await pictureFile("nou.png", "png", "#7c3aed", 800, 300),
  ]);
  await expect(page.getByText("1 poza incarcata")).toBeVisible();
  await page.getByRole("button", { name: "Incarcati pozele" }).click();
  await expect(toast(page, "Panoul a fost creat cu succes!")).toBeVisible();
  const afterUpload = await banners(page);
  expect(afterUpload).toHaveLength(before.length + 1);
  const added = afterUpload[afterUpload.length - 1] as BannerView;
  // The list was loaded again: the new picture is there, the upload box is empty.
  await expect(page.getByText("0 poze incarcate")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Ordinea pozelor" }).first().locator(`img[src="${added.image}"]`),
  ).toBeVisible();

  // The new picture moves first, from the keyboard, and the order is saved. The keyboard moves it by
  // the places' boxes as laid out: every picture loaded first, so no box changes size under a move
  // (once, on a loaded machine, the saved order was not the one the moves made).
  await expect
    .poll(() =>
      page
        .getByRole("list", { name: "Ordinea pozelor" })
        .first()
        .locator("img")
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
    )
    .toBe(true);
  const handle = page.getByRole("button", { name: `Mutati poza ${afterUpload.length}` });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  const lifted = page.getByRole("listitem").filter({ has: handle });
  for (let step = 1; step < afterUpload.length; step += 1) {
    const before = (await lifted.getAttribute("style")) ?? "";
    await page.keyboard.press("ArrowLeft");
    // Each step has moved the picture on screen (to the left, and from where the last step left it) before the next.
    await expect(lifted).toHaveAttribute("style", /translate3d\(-/);
    await expect(lifted).not.toHaveAttribute("style", before);
  }
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Salvati ordinea" })).toBeVisible();
  await page.getByRole("button", { name: "Salvati ordinea" }).click();
  await expect(toast(page, "Ordinea pozelor a fost salvata cu succes!")).toBeVisible();
  expect((await banners(page))[0]?.uuid).toBe(added.uuid);

  await page.goto("/home");
  await expect(
    page
      .getByRole("region", { name: /./ })
      .filter({ has: page.locator(`img[src="${added.image}"]`) })
      .first(),
  ).toBeVisible();

  // Deleted after a confirmation, and gone from /home.
  await page.goto("/admin/main/banner");
  await expect(page.getByRole("heading", { level: 1, name: "Poze banner" })).toBeVisible();
  await page.getByRole("button", { name: "Stergeti poza 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Stergere poza banner" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the banner delete confirmation");
  await dialog.getByRole("button", { name: "Da" }).click();
  await expect(toast(page, "Imaginea a fost stearsa cu succes!")).toBeVisible();
  expect((await banners(page)).map((banner) => banner.uuid)).toEqual(before.map((banner) => banner.uuid));
  await page.goto("/home");
  await expect(page.locator(`img[src="${added.image}"]`)).toHaveCount(0);
});

test("each banner picture's caption and description, in Romanian and English: only the changed texts are sent, unsaved ones guarded", async ({
  adminPage: page,
}) => {
  const [first, second] = await banners(page);
  if (!first || !second) throw new Error("The demo banner has two pictures at least");
  await openBannerScreen(page);
  const form = page.getByRole("form", { name: "Textele pozei 1" });
  const field = (label: string) => form.getByRole("textbox", { name: label, exact: true });
  await expect(field("Text pe poza")).toHaveValue(first.caption);
  await expect(field("Text pe poza (engleza)")).toHaveValue(first.caption_en);
  await expect(field("Descrierea pozei")).toHaveValue(first.alt);
  await expect(field("Descrierea pozei (engleza)")).toHaveValue(first.alt_en);
  const save = form.getByRole("button", { name: "Salvare" });
  await expect(save).toBeDisabled();

  await field("Text pe poza").fill("Utilaje noi in flota");
  await field("Text pe poza (engleza)").fill("New machines in the fleet");
  // A picture keeps a description: an empty one is refused at its field.
  await field("Descrierea pozei").fill("");
  await field("Descrierea pozei").blur();
  await expect(field("Descrierea pozei")).toHaveAccessibleDescription("Descrierea pozei este obligatorie");
  await expectNoSeriousA11yViolations(page, "the banner texts with an error");
  await field("Descrierea pozei").fill(first.alt);

  // Leaving with texts not saved asks first.
  await page.getByRole("link", { name: "Profil" }).click();
  const guard = page.getByRole("dialog", { name: "Sunteti sigur?" });
  await guard.getByRole("button", { name: "Nu" }).click();
  await expect(page).toHaveURL("/admin/main/banner");

  const sent: unknown[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && new URL(request.url()).pathname === "/api/banner/update")
      sent.push(request.postDataJSON());
  });
  await save.click();
  await expectToast(page, "Textele pozei au fost salvate cu succes!");
  expect(sent).toEqual([
    {
      uuid: first.uuid,
      caption: "Utilaje noi in flota",
      caption_en: "New machines in the fleet",
      // The version the form was filled from (decision 068).
      version: first.version,
    },
  ]);
  await expect(save).toBeDisabled();
  const [savedFirst, savedSecond] = await banners(page);
  expect(savedFirst).toMatchObject({
    caption: "Utilaje noi in flota",
    caption_en: "New machines in the fleet",
    alt: first.alt,
    alt_en: first.alt_en,
  });
  expect(savedSecond).toEqual(second);

  // The English description copied from the Romanian, after a yes: it was written already.
  await form.getByRole("button", { name: "Copiati din romana: Descrierea pozei (engleza)" }).click();
  const overwrite = page.getByRole("dialog", { name: "Inlocuiti textul in engleza?" });
  await expect(overwrite).toContainText("Descrierea pozei (engleza) are deja un text.");
  await overwrite.getByRole("button", { name: "Da" }).click();
  await expect(field("Descrierea pozei (engleza)")).toHaveValue(first.alt);
  await field("Descrierea pozei (engleza)").fill("A roller, a loader and an excavator on a sunny site");
  await save.click();
  // The same toast as the first save's may still be on screen: the stored text says when this one is done.
  await expect
    .poll(async () => (await banners(page))[0]?.alt_en)
    .toBe("A roller, a loader and an excavator on a sunny site");
  expect(sent).toEqual([
    sent[0],
    { uuid: first.uuid, alt_en: "A roller, a loader and an excavator on a sunny site", version: first.version + 1 },
  ]);
  expect((await banners(page))[0]).toMatchObject({ caption_en: "New machines in the fleet", alt: first.alt });
  // The fields come back once the save is over, the form starting from what was stored.
  await expect(field("Descrierea pozei (engleza)")).toBeEnabled();
  await expect(save).toBeDisabled();

  // Saved: leaving asks nothing.
  await page.getByRole("link", { name: "Profil" }).click();
  await expect(page).toHaveURL("/admin/main/profile");
});
