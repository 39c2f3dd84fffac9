import { useTranslation } from "../i18n/use-translation.ts";
import type { ContactInfo } from "../lib/contact-info.ts";
import { CompanyDetails } from "./company-details.tsx";
import { ContactLinks } from "./contact-links.tsx";
import { ArrowUpIcon } from "./icons.tsx";
import styles from "./site-footer.module.css";

/** Company identity, the primary phone and e-mail (contact_phone, contact_mail_to) and a way back up (spec §2). */
export function SiteFooter({ contact }: { contact: ContactInfo }) {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.column}>
          <h2 className={styles.heading}>{t("contact.company")}</h2>
          <CompanyDetails className={styles.details} />
        </div>
        <div className={styles.column}>
          <h2 className={styles.heading}>{t("contact.reachUs")}</h2>
          <ContactLinks
            phones={contact.phones.slice(0, 1)}
            emails={contact.emails.slice(0, 1)}
            className={styles.links}
          />
          <p className={styles.hours}>{t("contact.hours")}</p>
        </div>
        <div className={styles.top}>
          <button
            type="button"
            className={styles.toTop}
            onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
          >
            <ArrowUpIcon /> {t("footer.toTop")}
          </button>
        </div>
      </div>
    </footer>
  );
}
