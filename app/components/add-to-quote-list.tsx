import { useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { LANGUAGE_PARAMETER, languageOfQuery } from "../../common/language.ts";
import { QUOTE_LIST_MAX } from "../../common/leads/quote-limits.ts";
import type { QuoteMachine } from "../../common/leads/quote-list-schema.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { hasMachine } from "../lib/quote-list.ts";
import { addToQuoteList, removeFromQuoteList, useQuoteList } from "../lib/quote-list-store.ts";
import { CheckIcon } from "./icons.tsx";
import styles from "./add-to-quote-list.module.css";

/**
 * Adds a machine to the visitor's quote list, or takes it out again, and says so in a live status.
 * It is a form asking /contact for that machine, so before the page's scripts run (or without
 * them) it opens the contact form for this one machine, as 'CERETI OFERTA' does.
 */
export function AddToQuoteList({ machine, className }: { machine: QuoteMachine; className?: string }) {
  const { t } = useTranslation();
  const list = useQuoteList();
  const [said, setSaid] = useState("");
  const listed = list !== null && hasMachine(list, machine.id);
  const { model } = machine;
  // An address that names its language (?lang=en) passes it on to the contact form opened without JavaScript.
  const namedLanguage = languageOfQuery(new URLSearchParams(useLocation().search));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (listed) {
      removeFromQuoteList([machine.id]);
      setSaid(t("quoteList.removed", { model }));
      return;
    }
    const outcome = addToQuoteList(machine);
    const count = (list?.length ?? 0) + (outcome === "added" ? 1 : 0);
    setSaid(outcome === "full" ? t("quoteList.full", { max: QUOTE_LIST_MAX }) : t("quoteList.added", { model, count, max: QUOTE_LIST_MAX }));
  }

  return (
    <form method="get" action="/contact" className={`${styles.add} ${className ?? ""}`} onSubmit={onSubmit}>
      <input type="hidden" name="product" value={machine.id} />
      {namedLanguage ? <input type="hidden" name={LANGUAGE_PARAMETER} value={namedLanguage} /> : null}
      <button
        type="submit"
        className={listed ? styles.listed : styles.button}
        aria-label={t(listed ? "quoteList.removeNamed" : "quoteList.addNamed", { model })}
      >
        {listed ? <CheckIcon /> : null}
        {t(listed ? "quoteList.remove" : "quoteList.add")}
      </button>
      <p role="status" className={styles.status}>
        {said}
      </p>
    </form>
  );
}
