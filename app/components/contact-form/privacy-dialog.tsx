import { useEffect, useRef, type KeyboardEvent } from "react";
import { COMPANY } from "../../company.ts";
import type { Locale } from "../../../common/language.ts";
import { fillPlaceholders } from "../../i18n/translate.ts";
import { usePageLanguage } from "../../i18n/use-language.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { TranslationKey } from "../../i18n/translate.ts";
import buttons from "../../styles/buttons.module.css";
import styles from "./privacy-dialog.module.css";

const SECTIONS: [title: TranslationKey, text: TranslationKey][] = [
  ["privacy.operatorTitle", "privacy.operator"],
  ["privacy.dataTitle", "privacy.data"],
  ["privacy.retentionTitle", "privacy.retention"],
  ["privacy.recipientsTitle", "privacy.recipients"],
  ["privacy.rightsTitle", "privacy.rights"],
];

/**
 * What the site keeps of searches that found nothing (decision 060): here, not in the dictionaries,
 * so that only the contact form's code carries it, not every page's script.
 */
const SEARCHES: Record<Locale, { title: string; text: string }> = {
  ro: { title: "Căutările", text: "Căutările pe site care nu găsesc nimic le păstrăm doar ca text, cu ziua și numărul lor, {{days}} de zile, ca să aflăm ce utilaje lipsesc: fără adresă IP, cookie sau altceva care să vă identifice." },
  en: { title: "Searches", text: "Site searches that find nothing are kept as their text alone, with the day and their count, for {{days}} days, to learn which machines we lack: no IP address, cookie or anything else that identifies you." },
};

/**
 * The privacy policy (spec §2) in a native modal dialog: the page behind it is inert, Escape closes
 * it, focus goes to its close button and back to the opener afterwards. A modal dialog would let Tab
 * leave for the browser's own controls; here Tab and Shift+Tab cycle through the dialog.
 */
export function PrivacyDialog({ open, onClose, email, retentionDays }: { open: boolean; onClose: () => void; email: string; retentionDays: number }) {
  const { t } = useTranslation();
  const searches = SEARCHES[usePageLanguage()];
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>("button, [href], input, [tabindex]:not([tabindex='-1'])")];
    const [first, last] = [focusable[0], focusable.at(-1)];
    const leaving = event.shiftKey ? document.activeElement === first : document.activeElement === last;
    if (leaving) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  };
  const values = {
    company: COMPANY.legalName,
    taxId: COMPANY.taxId,
    register: COMPANY.tradeRegister,
    address: COMPANY.address,
    days: retentionDays,
    email,
  };
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="privacy-title" onClose={onClose} onKeyDown={trapTab}>
      <h2 id="privacy-title">{t("privacy.title")}</h2>
      {/* Focusable, so the text can be scrolled with the keyboard. */}
      <div className={styles.body} tabIndex={0} role="region" aria-labelledby="privacy-title">
        {SECTIONS.map(([title, text]) => (
          <section key={title}>
            <h3>{t(title)}</h3>
            <p>{t(text, values)}</p>
          </section>
        ))}
        <section>
          <h3>{searches.title}</h3>
          <p>{fillPlaceholders(searches.text, values)}</p>
        </section>
      </div>
      <button type="button" className={buttons.primary} onClick={onClose} autoFocus>
        {t("privacy.close")}
      </button>
    </dialog>
  );
}
