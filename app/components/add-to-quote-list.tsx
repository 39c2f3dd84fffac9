import { LANGUAGE_PARAMETER } from "../../common/language/language.ts";
import { QUOTE_LIST_MAX } from "../../common/leads/quote-limits.ts";
import { useNamedLanguage } from "../i18n/use-language.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { hasMachine, type ListedMachine } from "../lib/quote-list.ts";
import { addToQuoteList, removeFromQuoteList, useQuoteList } from "../lib/quote-list-store.ts";
import { ListToggle } from "./list-toggle.tsx";

/**
 * Adds a machine to the visitor's quote list, or takes it out again. Without JavaScript it opens
 * the contact form for this one machine, as 'CERETI OFERTA' does.
 */
export function AddToQuoteList({ machine, className }: { machine: ListedMachine; className?: string }) {
  const { t } = useTranslation();
  const list = useQuoteList();
  const listed = list !== null && hasMachine(list, machine.id);
  const { model } = machine;
  // An address that names its language (?lang=en) passes it on to the contact form opened without JavaScript.
  const namedLanguage = useNamedLanguage();

  function toggle(): string {
    if (listed) {
      removeFromQuoteList([machine.id]);
      return t("quoteList.removed", { model });
    }
    const outcome = addToQuoteList(machine);
    const count = (list?.length ?? 0) + (outcome === "added" ? 1 : 0);
    return outcome === "full"
      ? t("quoteList.full", { max: QUOTE_LIST_MAX })
      : t("quoteList.added", { model, count, max: QUOTE_LIST_MAX });
  }

  return (
    <ListToggle
      action="/contact"
      fields={namedLanguage ? { product: machine.id, [LANGUAGE_PARAMETER]: namedLanguage } : { product: machine.id }}
      listed={listed}
      text={t(listed ? "quoteList.remove" : "quoteList.add")}
      model={model}
      toggle={toggle}
      className={className}
    />
  );
}
