import { Stack, Text } from "@mantine/core";
import type { LeadItemView } from "../../../common/leads/lead-schemas.ts";
import { DELETED_MACHINE } from "./lead-labels.ts";
import { formatDay } from "../ui/date-format.ts";

/** Machines named in a row of the inbox; the rest are counted ('si inca 2'), the detail shows them all. */
const SHOWN = 3;

/** The inbox row's machines: each model with the day it is wanted from, when the visitor gave one. */
export function MachinesSummary({ items }: { items: readonly LeadItemView[] }) {
  if (items.length === 0) return null;
  const rest = items.length - SHOWN;
  return (
    <Stack gap={0}>
      {items.slice(0, SHOWN).map((item) => (
        <Text key={item.productId} size="sm">
          {item.model}
          {item.startDate && `, din ${formatDay(item.startDate)}`}
          {!item.publicPath && ` (${DELETED_MACHINE})`}
        </Text>
      ))}
      {rest > 0 && (
        <Text size="sm" c="gray.7">
          si inca {rest === 1 ? "un utilaj" : `${rest} utilaje`}
        </Text>
      )}
    </Stack>
  );
}
