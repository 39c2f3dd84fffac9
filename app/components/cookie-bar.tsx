import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { readCookie } from "../../common/cookies.ts";
import { writeCookie } from "../lib/cookies.ts";
import { COOKIE_BAR_DELAY_MS } from "../lib/timings.ts";
import buttons from "../styles/buttons.module.css";
import styles from "./cookie-bar.module.css";

const CONSENT_COOKIE = "cookie_consent";

/**
 * Asks once for cookie consent, a second after the page appears, unless the answer is already stored
 * (spec §2). Never rendered on the server: the answer lives in the browser only.
 */
export function CookieBar() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (readCookie(document.cookie, CONSENT_COOKIE) !== null) return;
    const timer = window.setTimeout(() => setVisible(true), COOKIE_BAR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  const answer = (accepted: boolean) => {
    writeCookie(CONSENT_COOKIE, String(accepted));
    setVisible(false);
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
