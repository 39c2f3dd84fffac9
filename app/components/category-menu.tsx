import { useTranslation } from "../i18n/use-translation.ts";
import { useListLinks } from "../lib/list-links.ts";
import { CATALOGUE_LINK } from "../lib/use-content-scroll.ts";
import styles from "./category-menu.module.css";

/**
 * The categories beside a product list; the one shown is highlighted and marked as the current page.
 * `items`: the list's items as the server rendered them (category-menu-items.server.tsx), once per
 * catalogue version and language; the page's data carries them as that one text, and React
 * neither compares nor hydrates them one by one. Their links are plain ones, opened in the app by
 * one handler (app/lib/list-links.ts).
 */
export function CategoryMenu({ items }: { items: string }) {
  const { t } = useTranslation();
  const onLinkClick = useListLinks(CATALOGUE_LINK);
  return (
    <nav className={styles.menu} aria-labelledby="category-menu-title">
      <h2 id="category-menu-title" className={styles.title}>
        {t("catalogue.categories")}
      </h2>
      <ul className={styles.list} onClick={onLinkClick} dangerouslySetInnerHTML={{ __html: items }} />
    </nav>
  );
}
