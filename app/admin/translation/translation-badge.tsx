import { Badge, NativeSelect } from "@mantine/core";
import { TRANSLATION_STATES, type TranslationState } from "../../../common/language/translation-state.ts";
import { TRANSLATION } from "../ui/texts.ts";
import { ANY_TRANSLATION, toTranslationFilter, type TranslationFilter } from "./translation-filter.ts";

/**
 * Filled badges in the theme's shade 9: white text keeps AA contrast on teal and red; on yellow
 * only dark text does.
 */
const BADGE: Record<TranslationState, { color: string; textColor?: string }> = {
  complete: { color: "teal" },
  partial: { color: "yellow", textColor: "black" },
  missing: { color: "red" },
};

/** How far a record's English goes, in words and in colour: 'Tradus', 'Partial', 'Netradus'. */
export function TranslationBadge({ state }: { state: TranslationState }) {
  return (
    <Badge color={BADGE[state].color} c={BADGE[state].textColor} tt="none">
      {TRANSLATION.states[state]}
    </Badge>
  );
}

/** The lists' select of one translation state, beside their other filters. */
export function TranslationSelect({
  value,
  onChange,
}: {
  value: TranslationFilter;
  onChange: (filter: TranslationFilter) => void;
}) {
  return (
    <NativeSelect
      aria-label={TRANSLATION.filter}
      value={value}
      onChange={(event) => onChange(toTranslationFilter(event.currentTarget.value))}
      data={[
        { value: ANY_TRANSLATION, label: TRANSLATION.anyState },
        ...TRANSLATION_STATES.map((state) => ({ value: state, label: TRANSLATION.states[state] })),
      ]}
    />
  );
}
