import { useRef } from "react";
import { Form, useNavigate } from "react-router";
import { DEFAULT_LANGUAGE, LANGUAGE_PARAMETER } from "../../../common/language/language.ts";
import { SEARCH_PATH, SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_PARAMETER } from "../../../common/search/search-address.ts";
import { usePageLanguage } from "../../i18n/use-language.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import styles from "./search-box.module.css";

/**
 * The header's search box (decision 060): a GET form to the results page, plain server-rendered
 * HTML that works without JavaScript. With it, the box's first focus loads the suggestions
 * (search-combobox.ts, an ARIA 1.2 combobox), so that no page carries their code before a visitor
 * reaches for the box.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const navigate = useNavigate();
  const enhanced = useRef(false);
  return (
    <Form method="get" action={SEARCH_PATH} role="search" className={styles.box}>
      <label htmlFor="site-search" className="visually-hidden">
        {t("search.label")}
      </label>
      <input
        id="site-search"
        type="search"
        name={SEARCH_QUERY_PARAMETER}
        placeholder={t("search.label")}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        autoComplete="off"
        onFocus={(event) => {
          if (enhanced.current) return;
          enhanced.current = true;
          const input = event.currentTarget;
          void import("./search-combobox.ts").then(({ attachCombobox }) =>
            attachCombobox(input, language, (path) => void navigate(path)),
          );
        }}
      />
      {language === DEFAULT_LANGUAGE ? null : <input type="hidden" name={LANGUAGE_PARAMETER} value={language} />}
      <button type="submit">{t("search.submit")}</button>
    </Form>
  );
}
