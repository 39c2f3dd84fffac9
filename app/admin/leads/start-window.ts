import { addDays } from "../../../common/days/romanian-day.ts";
import type { LeadFilter } from "../../../common/leads/lead-schemas.ts";

/**
 * The inbox's choices for the day a machine of the list is wanted from: any day, the next 7, 14 or
 * 30 days counting today (what the company can still plan for), or days the administrator picks.
 * The address holds only `startFrom` / `startTo`: a choice is read back from them, so a link or a
 * reload made on another day shows those dates as picked days.
 */
export const START_WINDOWS = [
  { value: "7", days: 7, label: "In urmatoarele 7 zile" },
  { value: "14", days: 14, label: "In urmatoarele 14 zile" },
  { value: "30", days: 30, label: "In urmatoarele 30 de zile" },
] as const;

export const ANY_START = "";
export const CHOSEN_START = "ales";

/** A value of the choice: any day, a window, or days picked. */
export type StartChoice = typeof ANY_START | (typeof START_WINDOWS)[number]["value"] | typeof CHOSEN_START;

export const START_CHOICES: readonly { value: StartChoice; label: string }[] = [
  { value: ANY_START, label: "Oricand" },
  ...START_WINDOWS,
  { value: CHOSEN_START, label: "Alte zile" },
];

/** A select's value as a choice (anything else: any day). */
export function asStartChoice(value: string): StartChoice {
  return START_CHOICES.find((choice) => choice.value === value)?.value ?? ANY_START;
}

type StartDays = Pick<LeadFilter, "startFrom" | "startTo">;

/** Which choice the filter's days are, on `today`. */
export function startChoiceOf(filter: StartDays, today: string): StartChoice {
  if (!filter.startFrom && !filter.startTo) return ANY_START;
  const window = START_WINDOWS.find(
    (item) => filter.startFrom === today && filter.startTo === addDays(today, item.days - 1),
  );
  return window?.value ?? CHOSEN_START;
}

/** The days a choice stands for on `today`; CHOSEN_START takes the days picked (empty: open ended). */
export function startDaysOf(choice: StartChoice, today: string, chosen: StartDays): StartDays {
  if (choice === CHOSEN_START)
    return { startFrom: chosen.startFrom || undefined, startTo: chosen.startTo || undefined };
  const window = START_WINDOWS.find((item) => item.value === choice);
  return window ? { startFrom: today, startTo: addDays(today, window.days - 1) } : {};
}
