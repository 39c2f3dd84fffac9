import { useEffect, useRef, type KeyboardEvent } from "react";
import { COMPANY } from "../../company.ts";
import { fillPlaceholders } from "../../i18n/translate.ts";
import type { ContactTexts } from "./contact-texts.ts";
import buttons from "../../styles/buttons.module.css";
import styles from "./privacy-dialog.module.css";

/** The policy's sections, each a title and its text (contact-texts.ts). */
const SECTIONS = [
  ["operatorTitle", "operator"],
  ["dataTitle", "data"],
  ["retentionTitle", "retention"],
  ["recipientsTitle", "recipients"],
  ["rightsTitle", "rights"],
  // What the site keeps of searches that found nothing (decision 060).
  ["searchesTitle", "searches"],
] as const satisfies readonly (readonly [keyof ContactTexts["privacy"], keyof ContactTexts["privacy"]])[];

interface PrivacyDialogProps {
  texts: ContactTexts["privacy"];
  open: boolean;
  onClose: () => void;
  email: string;
  retentionDays: number;
}

/**
 * The privacy policy (spec §2) in a native modal dialog: the page behind it is inert, Escape closes
 * it, focus goes to its close button and back to the opener afterwards. A modal dialog would let Tab
 * leave for the browser's own controls; here Tab and Shift+Tab cycle through the dialog.
 */
export function PrivacyDialog({ texts, open, onClose, email, retentionDays }: PrivacyDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const focusable = [
      ...event.currentTarget.querySelectorAll<HTMLElement>("button, [href], input, [tabindex]:not([tabindex='-1'])"),
    ];
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
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="privacy-title"
      onClose={onClose}
      onKeyDown={trapTab}
    >
      <h2 id="privacy-title">{texts.title}</h2>
      {/* Focusable, so the text can be scrolled with the keyboard. */}
      <div className={styles.body} tabIndex={0} role="region" aria-labelledby="privacy-title">
        {SECTIONS.map(([title, text]) => (
          <section key={title}>
            <h3>{texts[title]}</h3>
            <p>{fillPlaceholders(texts[text], values)}</p>
          </section>
        ))}
      </div>
      <button type="button" className={buttons.primary} onClick={onClose} autoFocus>
        {texts.close}
      </button>
    </dialog>
  );
}
