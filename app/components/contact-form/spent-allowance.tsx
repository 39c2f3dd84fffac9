import type { ContactInfo } from "../../lib/contact-info.ts";
import type { ContactTexts } from "./contact-texts.ts";
import { ContactLinks } from "../contact-links.tsx";
import styles from "./contact-form.module.css";

/**
 * What a form posted without JavaScript gets when the allowance of such requests is spent (a 429: the
 * site-wide CONTACT_NOSCRIPT_SITE_LIMIT, or the address's own): it says so, and offers the company's
 * phones and e-mails instead, so the visitor still has a way to reach it. What they typed stays in the
 * form below.
 */
export function SpentAllowance({ contact, texts }: { contact: ContactInfo; texts: ContactTexts["form"] }) {
  return (
    <div className={styles.refused} role="alert">
      <p className={styles.refusedTitle}>{texts.spentTitle}</p>
      <p>{texts.spentText}</p>
      <ContactLinks phones={contact.phones} emails={contact.emails} className={styles.spentLinks} />
    </div>
  );
}
