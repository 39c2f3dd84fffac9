import { Link } from "react-router";
import { COMPANY } from "../company.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import type { ContactInfo } from "../lib/contact-info.ts";
import { ContactLinks } from "./contact-links.tsx";
import { FacebookIcon } from "./icons.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { CompareLink } from "./compare-link.tsx";
import { QuoteListLink } from "./quote-list-link.tsx";
import styles from "./top-bar.module.css";

/**
 * Logo, up to two phones and two e-mails, the visitor's quote list, language buttons and the social
 * link (spec §2). Without a second phone the contacts fit on one line in larger type; below ~530 px
 * the bar turns compact.
 */
export function TopBar({ contact }: { contact: ContactInfo }) {
  const { t } = useTranslation();
  const singleLine = contact.phones.length < 2;
  return (
    <div className={styles.bar}>
      <div className={styles.inner}>
        <Link to="/home" className={styles.logo}>
          <img src="/logo.svg" width={232} height={56} alt={t("topBar.homeLink")} />
        </Link>
        <div className={styles.contactArea}>
          <ContactLinks
            phones={contact.phones.slice(0, 2)}
            emails={contact.emails.slice(0, 2)}
            className={singleLine ? styles.contactsSingle : styles.contacts}
            labelClassName={styles.label}
          />
        </div>
        <div className={styles.tools}>
          <CompareLink />
          <QuoteListLink />
          <LanguageSwitch />
          <a
            className={styles.social}
            href={COMPANY.socialUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("topBar.social")}
          >
            <FacebookIcon />
          </a>
        </div>
      </div>
    </div>
  );
}
