import { Link } from "react-router";
import { COMPARE_MAX, comparePath } from "../../common/catalogue/compare-address.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { useCompareList } from "../lib/compare-store.ts";
import { CompareIcon } from "./icons.tsx";
import styles from "./quote-list-link.module.css";

/** The header's way to the compare page of the machines gathered, with how many; the count appears once hydrated. */
export function CompareLink() {
  const { t } = useTranslation();
  const ids = useCompareList() ?? [];
  return (
    <Link
      to={comparePath(ids)}
      className={styles.link}
      aria-label={ids.length > 0 ? t("compare.linkCount", { count: ids.length, max: COMPARE_MAX }) : t("compare.link")}
      title={t("compare.link")}
    >
      <CompareIcon />
      {ids.length > 0 ? (
        <span className={styles.count} aria-hidden="true">
          {ids.length}
        </span>
      ) : null}
    </Link>
  );
}
