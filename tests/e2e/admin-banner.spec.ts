import type { Page } from "@playwright/test";
import type { BannerView } from "../../common/catalogue.ts";
import { chooseFiles, pictureFile } from "./admin-pictures.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

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
  await expect(toast(page, "Imaginea urias.png nu indeplineste conditia: Dimensiune maxima acceptata este de 10MB.")).toBeVisible();

  await chooseFiles(page, page.getByRole("button", { name: "Alegeti poze" }), [await pictureFile("nou.png", "png", "#7c3aed", 800, 300)]);
  await expect(page.getByText("1 poza incarcata")).toBeVisible();
  await page.getByRole("button", { name: "Incarcati pozele" }).click();
  await expect(toast(page, "Panoul a fost creat cu succes!")).toBeVisible();
  const afterUpload = await banners(page);
  expect(afterUpload).toHaveLength(before.length + 1);
  const added = afterUpload[afterUpload.length - 1] as BannerView;
  // The list was loaded again: the new picture is there, the upload box is empty.
  await expect(page.getByText("0 poze incarcate")).toBeVisible();
  await expect(page.locator(`img[src="${added.image}"]`)).toBeVisible();

  // The new picture moves first, from the keyboard, and the order is saved.
  const handle = page.getByRole("button", { name: `Mutati poza ${afterUpload.length}` });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  for (let step = 1; step < afterUpload.length; step += 1) {
    await page.keyboard.press("ArrowLeft");
    // Each step has moved the picture on screen before the next.
    await expect(page.getByRole("listitem").filter({ has: handle })).toHaveAttribute("style", new RegExp(`translate3d\\(-`));
  }
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Salvati ordinea" })).toBeVisible();
  await page.getByRole("button", { name: "Salvati ordinea" }).click();
  await expect(toast(page, "Ordinea pozelor a fost salvata cu succes!")).toBeVisible();
  expect((await banners(page))[0]?.uuid).toBe(added.uuid);

  await page.goto("/home");
  await expect(page.getByRole("region", { name: /./ }).filter({ has: page.locator(`img[src="${added.image}"]`) }).first()).toBeVisible();

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
