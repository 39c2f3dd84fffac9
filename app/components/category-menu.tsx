import { useCallback, useLayoutEffect, useRef, type MouseEvent } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { useListLinks } from "../lib/list-links.ts";
import { CATALOGUE_LINK } from "../lib/use-content-scroll.ts";
import styles from "./category-menu.module.css";

/**
 * The categories beside a product list; the one shown is highlighted and marked as the current page.
 * `itemsHtml`: the list's items as the server rendered them (category-menu-items.server.tsx), once
 * per catalogue version and language; the page's data carries them as that one text, and React
 * neither compares nor hydrates them one by one. Their links are plain ones, opened in the app by
 * one handler (app/lib/list-links.ts).
 */
export function CategoryMenu({ itemsHtml }: { itemsHtml: string }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const openLink = useListLinks(CATALOGUE_LINK);
  // Another category's page brings items with another mark, which replace the list's: the link that
  // had the focus when it was chosen (Enter, or a click) gets it back in the new list.
  const refocus = useRef<string | null>(null);
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      refocus.current = link !== null && link === document.activeElement ? link.getAttribute("href") : null;
      openLink(event);
    },
    [openLink],
  );
  useLayoutEffect(() => {
    const href = refocus.current;
    refocus.current = null;
    if (href === null || document.activeElement !== document.body) return;
    const links = list.current?.querySelectorAll("a") ?? [];
    [...links].find((link) => link.getAttribute("href") === href)?.focus({ preventScroll: true });
  }, [itemsHtml]);
  return (
    <nav className={styles.menu} aria-labelledby="category-menu-title">
      <h2 id="category-menu-title" className={styles.title}>
        {t("catalogue.categories")}
      </h2>
      <ul ref={list} className={styles.list} onClick={onClick} dangerouslySetInnerHTML={{ __html: itemsHtml }} />
    </nav>
  );
}
