import { NavLink } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { SearchBox } from "./search/search-box.tsx";
import styles from "./top-nav.module.css";

/**
 * ACASA, OFERTA (opens the first category), CONTACT; the active item is underlined (spec §2). The
 * search box beside them (below on phones).
 */
export function TopNav() {
  const { t } = useTranslation();
  const items = [
    { to: "/home", label: t("nav.home") },
    { to: "/categorie", label: t("nav.offer") },
    { to: "/contact", label: t("nav.contact") },
  ];
  return (
    <div className={styles.nav}>
      <div>
        <nav aria-label={t("nav.label")}>
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SearchBox />
      </div>
    </div>
  );
}
