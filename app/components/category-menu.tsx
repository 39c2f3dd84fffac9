import type { ShownText } from "../../common/translation.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { Shown } from "./shown.tsx";
import { categoryPath } from "../../common/page-urls.ts";
import { useListLinks } from "../lib/list-links.ts";
import { CATALOGUE_LINK } from "../lib/use-content-scroll.ts";
import styles from "./category-menu.module.css";

interface MenuCategory {
  name: ShownText;
  slug: string;
}

/**
 * The categories beside a product list; the one shown is highlighted and marked as the current page.
 * Its links are plain ones, opened in the app by one handler (app/lib/list-links.ts): a catalogue
 * may have hundreds of categories, and a `<Link>` each was most of a category page's render.
 */
export function CategoryMenu({ categories, selectedSlug }: { categories: MenuCategory[]; selectedSlug: string }) {
  const { t } = useTranslation();
  const onLinkClick = useListLinks(CATALOGUE_LINK);
  return (
    <nav className={styles.menu} aria-labelledby="category-menu-title">
      <h2 id="category-menu-title" className={styles.title}>
        {t("catalogue.categories")}
      </h2>
      <ul className={styles.list} onClick={onLinkClick}>
        {categories.map((category) => {
          const selected = category.slug === selectedSlug;
          return (
            <li key={category.slug}>
              <a
                className={selected ? `${styles.link} ${styles.selected}` : styles.link}
                aria-current={selected ? "page" : undefined}
                href={categoryPath(category.slug)}
                data-discover="true"
              >
                <Shown text={category.name} />
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
