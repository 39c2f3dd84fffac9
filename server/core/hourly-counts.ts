const HOUR_MS = 3_600_000;
/** Hours kept: the Stare page's day. */
const HOURS_KEPT = 24;
/** Kinds kept apart; past them, a new kind counts as OTHER_KIND (the memory and /metrics' series stay bounded). */
const KINDS_KEPT = 50;
export const OTHER_KIND = "other";

export interface HourlyCounts {
  /** Counts one event of `kind` at `at` (ms since the epoch). */
  add(kind: string, at?: number): void;
  /** Per kind: the events in the last 24 hourly buckets, in the bucket of `now` and the one before, and since start. */
  read(now?: number): { kind: string; lastDay: number; thisHour: number; lastHour: number; total: number }[];
}

/**
 * Events counted by kind in memory, in hourly buckets over the last day, and since start: this
 * instance's errors and refused requests (decision 087). A kind is a short name chosen by the code
 * (an error's class or code, a limiter's name), never a message or a path.
 */
export function hourlyCounts(): HourlyCounts {
  /** The buckets by hour number (ms / HOUR_MS), each by kind. */
  const buckets = new Map<number, Map<string, number>>();
  const totals = new Map<string, number>();
  return {
    add(kind, at = Date.now()) {
      const named = totals.has(kind) || totals.size < KINDS_KEPT ? kind : OTHER_KIND;
      totals.set(named, (totals.get(named) ?? 0) + 1);
      const hour = Math.floor(at / HOUR_MS);
      let bucket = buckets.get(hour);
      if (!bucket) {
        bucket = new Map();
        buckets.set(hour, bucket);
        for (const old of buckets.keys()) if (old <= hour - HOURS_KEPT) buckets.delete(old);
      }
      bucket.set(named, (bucket.get(named) ?? 0) + 1);
    },
    read(now = Date.now()) {
      const hour = Math.floor(now / HOUR_MS);
      return [...totals].map(([kind, total]) => {
        let lastDay = 0;
        for (const [at, bucket] of buckets) if (at > hour - HOURS_KEPT && at <= hour) lastDay += bucket.get(kind) ?? 0;
        return {
          kind,
          lastDay,
          thisHour: buckets.get(hour)?.get(kind) ?? 0,
          lastHour: buckets.get(hour - 1)?.get(kind) ?? 0,
          total,
        };
      });
    },
  };
}
