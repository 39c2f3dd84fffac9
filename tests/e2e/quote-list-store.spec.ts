import { QUOTE_LIST_STORAGE_KEY } from "../../app/lib/quote-list-store.ts";
import { waitForHydration } from "./browser-checks.ts";
import { expect, test } from "./fixtures.ts";

/**
 * A poisoned quote list in the browser's storage (any script of the origin, or a hand edit, may
 * write it): 20 000 stored entries (about 2 MB) once took /home's hydration from 1.4 s to 5.2 s,
 * because every page parsed and checked them. A text longer than any list the site writes is now
 * removed unread (the unit tests check it is never parsed); this checks it in a real browser: the
 * page hydrates, shows an empty list, and no later page finds the text again. How long hydration
 * takes is not judged here (tests do not time things; bench/hydration.ts measures the pages).
 */

test("20 000 stored entries are dropped unread: the page hydrates with an empty list and the storage is cleared", async ({
  page,
  server,
}) => {
  // Written before the page's own scripts run, as a poisoned storage would be found.
  await page.addInitScript((key) => {
    const machine = (index: number) => ({
      machine: {
        id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
        model: `Model ${index}`,
        path: "/\t/evil.example/x",
      },
    });
    localStorage.setItem(key, JSON.stringify(Array.from({ length: 20_000 }, (_, index) => machine(index % 5_000))));
  }, QUOTE_LIST_STORAGE_KEY);

  await page.goto(`${server.url}/home`);
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Lista de cerere: niciun utilaj" })).toBeVisible();
  const cleared = await page.evaluate((key) => localStorage.getItem(key) === null, QUOTE_LIST_STORAGE_KEY);
  expect(cleared, "the poisoned text left the storage").toBe(true);
});
