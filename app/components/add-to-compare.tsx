import { COMPARE_MAX, COMPARE_PARAMETER, COMPARE_PATH } from "../../common/catalogue/compare-address.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { toggleCompared, useCompareList } from "../lib/compare-store.ts";
import { ListToggle } from "./list-toggle.tsx";

/**
 * Puts a machine in the visitor's comparison, or takes it out. Without JavaScript it opens the
 * compare page with it.
 */
export function AddToCompare({ id, model, className }: { id: string; model: string; className?: string }) {
  const { t } = useTranslation();
  const ids = useCompareList();
  const compared = ids?.includes(id) ?? false;

  function toggle(): string {
    const count = (ids?.length ?? 0) + (compared ? -1 : 1);
    if (!toggleCompared(id)) return t("compare.full", { max: COMPARE_MAX });
    return compared ? t("compare.removed", { model }) : t("compare.added", { model, count, max: COMPARE_MAX });
  }

  return (
    <ListToggle
      action={COMPARE_PATH}
      fields={{ [COMPARE_PARAMETER]: id }}
      listed={compared}
      text={t(compared ? "compare.remove" : "compare.add")}
      model={model}
      toggle={toggle}
      className={className}
    />
  );
}
