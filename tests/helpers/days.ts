import { addDays, romanianDay } from "../../common/days/romanian-day.ts";

/** The Romanian day `n` days from today. */
export const dayFromToday = (n: number) => addDays(romanianDay(), n);
