import type { Page } from "@playwright/test";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { waitForHydration } from "./browser-checks.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Server HTML and the browser's first render must agree on every public page, in both languages
 * (chosen by the address or by the cookie), rendered afresh or served from the page cache, before
 * and after a catalogue write: the `page` fixture fails the test on any console error or warning,
 * React's hydration errors (#418, #423, #425) and warnings included.
 */

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

test("public pages hydrate without a difference, fresh and cached, in both languages, around a catalogue write", async ({
  page,
  request,
  server,
  adminSession,
}) => {
  test.setTimeout(180_000);
  const categories = (await (await request.get("/api/category")).json()) as CategoryView[];
  const withProducts = await Promise.all(
    categories.map(async (category) => ({
      category,
      products: (await (await request.get(`/api/product/category/${category.uuid}`)).json()) as ProductView[],
    })),
  );
  const { category, products } = withProducts.find((entry) => entry.products.length > 0) ?? {};
  if (!category || !products) throw new Error("the demo catalogue has no product");
  const paths = [
    "/home",
    `/categorie/${category.slug}`,
    `/categorie/${category.slug}/utilaj/${products[0].slug}`,
    "/contact",
  ];

  const visitAll = async () => {
    for (const language of ["ro", "en"] as const) {
      // By the address...
      await page.context().clearCookies();
      for (const path of paths) {
        // The first visit renders the page, the second is served from the page cache.
        await visit(page, `${path}?lang=${language}`);
        await visit(page, `${path}?lang=${language}`);
      }
      // ...and by the cookie alone.
      await page.context().addCookies([{ name: "lang", value: language, url: server.url }]);
      for (const path of paths) {
        await visit(page, path);
        await visit(page, path);
      }
    }
  };

  await visitAll();
  // A catalogue write through the admin API: the category's English name changes, and with it the catalogue's version.
  const write = await request.put("/api/category/update", {
    headers: { Authorization: `Bearer ${adminSession.token}` },
    data: { uuid: category.uuid, name: category.name, name_en: "Renamed category" },
  });
  expect(write.status()).toBe(200);
  await visitAll();
  // The English pages show the new name: no page of the old version was served.
  await visit(page, `/categorie/${category.slug}?lang=en`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Renamed category");
});
