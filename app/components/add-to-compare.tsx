import { useState, type FormEvent } from "react";
import { COMPARE_MAX, COMPARE_PARAMETER, COMPARE_PATH } from "../../common/compare-address.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { toggleCompared, useCompareList } from "../lib/compare-store.ts";
import { CheckIcon } from "./icons.tsx";
import styles from "./add-to-quote-list.module.css";

/**
 * Puts a machine in the visitor's comparison, or takes it out, and says so in a live status. It is a
 * form asking the compare page for this machine, so before the page's scripts run (or without them)
 * it opens that page with it.
 */
export function AddToCompare({ id, model, className }: { id: string; model: string; className?: string }) {
  const { t } = useTranslation();
  const ids = useCompareList();
  const [said, setSaid] = useState("");
  const compared = ids?.includes(id) ?? false;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const count = (ids?.length ?? 0) + (compared ? -1 : 1);
    if (!toggleCompared(id)) setSaid(t("compare.full", { max: COMPARE_MAX }));
    else setSaid(compared ? t("compare.removed", { model }) : t("compare.added", { model, count, max: COMPARE_MAX }));
  }

  return (
    <form method="get" action={COMPARE_PATH} className={`${styles.add} ${className ?? ""}`} onSubmit={onSubmit}>
      <input type="hidden" name={COMPARE_PARAMETER} value={id} />
      <button type="submit" className={compared ? styles.listed : styles.button} aria-label={t(compared ? "compare.removeNamed" : "compare.addNamed", { model })}>
        {compared ? <CheckIcon /> : null}
        {t(compared ? "compare.remove" : "compare.add")}
      </button>
      <p role="status" className={styles.status}>
        {said}
      </p>
    </form>
  );
}
