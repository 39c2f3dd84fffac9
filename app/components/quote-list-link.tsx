import { Link } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { useQuoteList } from "../lib/quote-list-store.ts";
import { ListIcon } from "./icons.tsx";
import styles from "./quote-list-link.module.css";

/** Where the header's link opens the list: its editor, above the contact form's fields. */
export const QUOTE_LIST_ANCHOR = "quote-list";

/**
 * The header's way to the visitor's quote list, with how many machines it holds. The server cannot
 * know the list (it lives in the browser), so the count appears once the page is hydrated.
 */
export function QuoteListLink() {
  const { t } = useTranslation();
  const list = useQuoteList();
  const count = list?.length ?? 0;
  const label =
    list === null
      ? t("quoteList.link")
      : count === 0
        ? t("quoteList.linkEmpty")
        : count === 1
          ? t("quoteList.linkOne")
          : t("quoteList.linkMany", { count });
  return (
    <Link to={`/contact#${QUOTE_LIST_ANCHOR}`} className={styles.link} aria-label={label} title={t("quoteList.link")}>
      <ListIcon />
      {count > 0 ? (
        <span className={styles.count} aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
