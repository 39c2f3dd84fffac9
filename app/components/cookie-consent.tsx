import { useTranslation } from "../i18n/use-translation.ts";
import { CONSENT_COOKIE, writeCookie } from "../lib/cookies.ts";
import buttons from "../styles/buttons.module.css";
import styles from "./cookie-bar.module.css";

/** The bar itself: the question and its two answers (loaded by cookie-bar.tsx when it is to be shown). */
export default function CookieConsent({ onAnswered }: { onAnswered: () => void }) {
  const { t } = useTranslation();
  const answer = (accepted: boolean) => {
    writeCookie(CONSENT_COOKIE, String(accepted));
    onAnswered();
  };
  return (
    <section className={styles.bar} aria-label={t("cookies.label")}>
      <p className={styles.text}>{t("cookies.text")}</p>
      <div className={styles.actions}>
        <button type="button" className={`${buttons.secondary} ${styles.refuse}`} onClick={() => answer(false)}>
          {t("cookies.refuse")}
        </button>
        <button type="button" className={buttons.primary} onClick={() => answer(true)}>
          {t("cookies.accept")}
        </button>
      </div>
    </section>
  );
}
