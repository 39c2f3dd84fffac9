import { renderToStaticMarkup } from "react-dom/server";
import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import type { Locale } from "../../common/language/language.ts";
import { categoryPath } from "../../common/pages/page-urls.ts";
import type { ShownText } from "../../common/language/english-fallback.ts";
import { shownCategory } from "../page-data/shown-content.server.ts";
import { PageLanguageContext } from "../i18n/use-language.ts";
import { Shown } from "./shown.tsx";
import styles from "./category-menu.module.css";

/** A category of the menu: its link, marked when it is the category shown. */
function CategoryMenuItem({ slug, name, selected }: { slug: string; name: ShownText; selected: boolean }) {
  return (
    <li>
      <a
        className={selected ? `${styles.link} ${styles.selected}` : styles.link}
        aria-current={selected ? "page" : undefined}
        href={categoryPath(slug)}
        data-discover="true"
      >
        <Shown text={name} />
      </a>
    </li>
  );
}

/**
 * A language's menu: every item unmarked, joined, and where each item sits in that text (by slug,
 * which the database keeps unique); `selected`, an item's marked form, rendered at its first page.
 */
interface RenderedMenu {
  html: string;
  items: Map<string, { name: ShownText; start: number; end: number; selected?: string }>;
}

/** By the categories' list (one per catalogue version: server/pages/page-context.ts) and language. */
const rendered = new WeakMap<readonly CategoryView[], Map<Locale, RenderedMenu>>();

function renderItem(language: Locale, slug: string, name: ShownText, selected: boolean): string {
  return renderToStaticMarkup(
    <PageLanguageContext value={{ lang: language, named: null }}>
      <CategoryMenuItem slug={slug} name={name} selected={selected} />
    </PageLanguageContext>,
  );
}

function renderMenu(categories: readonly CategoryView[], language: Locale): RenderedMenu {
  const items: RenderedMenu["items"] = new Map();
  let html = "";
  for (const category of categories) {
    const { name } = shownCategory(category, language);
    const start = html.length;
    html += renderItem(language, category.slug, name, false);
    items.set(category.slug, { name, start, end: html.length });
  }
  return { html, items };
}

/**
 * The category menu's items as HTML, the category `selectedSlug` marked (app/components/category-menu.tsx).
 * The menu is the same on every category page of a catalogue version and language but for that
 * mark, and a catalogue may have hundreds of categories: rendered as React elements and sent as
 * data at every page, they were most of a category page's render. The items are rendered once per
 * version and language (React writes the markup, as it would in the page); a page only puts its
 * category's marked item in place of the unmarked one. A slug not in the list marks none.
 */
export function categoryMenuItems(categories: readonly CategoryView[], language: Locale, selectedSlug: string): string {
  let byLanguage = rendered.get(categories);
  if (!byLanguage) {
    byLanguage = new Map();
    rendered.set(categories, byLanguage);
  }
  let menu = byLanguage.get(language);
  if (!menu) {
    menu = renderMenu(categories, language);
    byLanguage.set(language, menu);
  }
  const item = menu.items.get(selectedSlug);
  if (!item) return menu.html;
  item.selected ??= renderItem(language, selectedSlug, item.name, true);
  return menu.html.slice(0, item.start) + item.selected + menu.html.slice(item.end);
}
