import { LANGUAGES } from "../../common/language/language.ts";
import { usePageLanguage, useSetLanguage } from "../i18n/use-language.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import styles from "./language-switch.module.css";

/** RO / EN buttons; the active one is pressed (spec §2 top bar). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = usePageLanguage();
  const setLanguage = useSetLanguage();
  return (
    <div className={styles.switch} role="group" aria-label={t("topBar.languages")}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.button}
          aria-pressed={language === current}
          onClick={() => {
            if (language !== current) void setLanguage(language);
          }}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
