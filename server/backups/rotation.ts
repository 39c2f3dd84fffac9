import { mondayOf, romanianDay } from "../../common/days/romanian-day.ts";

/** How many backups the rotation keeps: the newest of each of the last `daily` days, `weekly` weeks, `monthly` months. */
export interface RotationPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

/**
 * The backups to keep (grandfather-father-son): the newest backup of each of the `daily` latest days
 * that have one, of each of the `weekly` latest weeks (Monday to Sunday) and of each of the `monthly`
 * latest months, counted in Romanian days. The newest backup is always kept. Every other is deleted.
 */
export function backupsToKeep<T extends { at: Date }>(backups: readonly T[], policy: RotationPolicy): Set<T> {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<T>(newestFirst.slice(0, 1));
  const periods: [number, (day: string) => string][] = [
    [policy.daily, (day) => day],
    [policy.weekly, mondayOf],
    [policy.monthly, (day) => day.slice(0, 7)],
  ];
  for (const [count, periodOf] of periods) {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= count) break;
      const period = periodOf(romanianDay(backup.at));
      if (seen.has(period)) continue;
      seen.add(period);
      keep.add(backup);
    }
  }
  return keep;
}
