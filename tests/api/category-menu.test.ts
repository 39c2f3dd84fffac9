import { describe, expect, it } from "vitest";
import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { productionSite } from "../../server/pages/ssr.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { createCategory, json } from "../helpers/catalogue-api.ts";
import { parseElements } from "../helpers/markup.ts";

/**
 * The category menu of a category page, as the server renders it (its items rendered once per
 * catalogue version and language, app/components/category-menu-items.server.tsx): every category,
 * the one shown marked, each name in the page's language or marked as Romanian, and a renamed
 * category's new name on the next page.
 */
const admin = withAdminServer({}, productionSite);

/** The menu's links: each one's text, address, whether it is marked as the page, and the `lang` of its text. */
async function menuOf(pathname: string) {
  const response = await admin.server.fetch(pathname);
  expect(response.status, pathname).toBe(200);
  const elements = parseElements(await response.text());
  const start = elements.findIndex(
    (element) => element.name === "nav" && element.attributes["aria-labelledby"] === "category-menu-title",
  );
  const end = elements.findIndex((element, index) => index > start && element.name === "section");
  expect(start, "the category menu").toBeGreaterThanOrEqual(0);
  const menu = elements.slice(start + 1, end);
  return menu.flatMap((element, index) => {
    if (element.name !== "a") return [];
    const next = menu[index + 1];
    const lang = next?.name === "span" && next.content === element.content ? (next.attributes.lang ?? null) : null;
    return [
      {
        text: element.content,
        href: element.attributes.href,
        current: element.attributes["aria-current"] ?? null,
        lang,
      },
    ];
  });
}

describe("the category menu", () => {
  it("lists every category, marks only the one shown, and names each in the page's language or as Romanian", async () => {
    const cranes = await json<CategoryView>(
      await admin.call("POST", "/api/category/create", { name: "Macarale", name_en: "Cranes" }),
      201,
    );
    const lifts = await createCategory(admin.server, admin.token, "Nacele");

    const cranesShown = [
      { text: "Macarale", href: "/categorie/macarale", current: "page", lang: null },
      { text: "Nacele", href: "/categorie/nacele", current: null, lang: null },
    ];
    expect(await menuOf("/categorie/macarale")).toEqual(cranesShown);
    // The same version's items again (kept), with the other category marked, then the first again.
    expect(await menuOf("/categorie/nacele")).toEqual([
      { text: "Macarale", href: "/categorie/macarale", current: null, lang: null },
      { text: "Nacele", href: "/categorie/nacele", current: "page", lang: null },
    ]);
    expect(await menuOf("/categorie/macarale")).toEqual(cranesShown);
    // In English, each name in English or marked as Romanian; each language's items and marks its own.
    expect(await menuOf("/categorie/nacele?lang=en")).toEqual([
      { text: "Cranes", href: "/categorie/macarale", current: null, lang: null },
      { text: "Nacele", href: "/categorie/nacele", current: "page", lang: "ro" },
    ]);
    expect(await menuOf("/categorie/macarale?lang=en")).toEqual([
      { text: "Cranes", href: "/categorie/macarale", current: "page", lang: null },
      { text: "Nacele", href: "/categorie/nacele", current: null, lang: "ro" },
    ]);

    // A write makes a new catalogue version: the next page's menu has the new name, marked when shown.
    await json(await admin.call("PUT", "/api/category/update", { uuid: lifts.uuid, name: "Nacele foarfeca" }), 200);
    expect(await menuOf("/categorie/macarale")).toEqual([
      { text: "Macarale", href: "/categorie/macarale", current: "page", lang: null },
      { text: "Nacele foarfeca", href: "/categorie/nacele-foarfeca", current: null, lang: null },
    ]);
    expect(await menuOf("/categorie/nacele-foarfeca")).toEqual([
      { text: "Macarale", href: "/categorie/macarale", current: null, lang: null },
      { text: "Nacele foarfeca", href: "/categorie/nacele-foarfeca", current: "page", lang: null },
    ]);
    expect((await admin.call("DELETE", `/api/category/${cranes.uuid}`)).status).toBe(204);
    expect(await menuOf("/categorie/nacele-foarfeca")).toEqual([
      { text: "Nacele foarfeca", href: "/categorie/nacele-foarfeca", current: "page", lang: null },
    ]);
  });
});
