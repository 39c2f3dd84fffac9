import { Link } from "react-router";
import type { ShownText } from "../../common/translation.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { Shown } from "./shown.tsx";
import { categoryPath } from "../../common/page-urls.ts";
import { SCROLL_TO_CONTENT } from "../lib/use-content-scroll.ts";
import styles from "./category-menu.module.css";

interface MenuCategory {
  uuid: string;
  name: ShownText;
  slug: string;
}

/** The categories beside a product list; the one shown is highlighted and marked as the current page. */
export function CategoryMenu({ categories, selectedSlug }: { categories: MenuCategory[]; selectedSlug: string }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.menu} aria-labelledby="category-menu-title">
      <h2 id="category-menu-title" className={styles.title}>
        {t("catalogue.categories")}
      </h2>
      <ul className={styles.list}>
        {categories.map((category) => {
          const selected = category.slug === selectedSlug;
          return (
            <li key={category.uuid}>
              <Link
                to={categoryPath(category.slug)}
                className={selected ? `${styles.link} ${styles.selected}` : styles.link}
                aria-current={selected ? "page" : undefined}
                preventScrollReset
                state={SCROLL_TO_CONTENT}
              >
                <Shown text={category.name} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
