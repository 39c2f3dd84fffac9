import { describe, expect, it } from "vitest";
import { backupFileName, backupInstant } from "../../server/backups/backup-files.ts";
import { backupsToKeep } from "../../server/backups/rotation.ts";

/** Backups at 04:00 in Romania (01:00 UTC in winter) on each of `days`. */
function nights(days: string[]) {
  return days.map((day) => ({ day, at: new Date(`${day}T01:00:00Z`) }));
}

describe("the backups' rotation", () => {
  it("keeps the newest of each of the last days, weeks and months that have one", () => {
    const all = nights([
      "2026-09-30",
      "2026-10-31",
      "2026-11-01",
      "2026-11-15",
      "2026-11-22",
      "2026-11-23",
      "2026-11-28",
      "2026-11-29",
    ]);
    const kept = backupsToKeep(all, { daily: 2, weekly: 2, monthly: 3 });
    // Days: 29, 28. Weeks (Monday to Sunday): 23–29 → 29, 16–22 → 22. Months: Nov → 29, Oct → 31, Sep → 30.
    expect([...kept].map((backup) => backup.day).sort()).toEqual([
      "2026-09-30",
      "2026-10-31",
      "2026-11-22",
      "2026-11-28",
      "2026-11-29",
    ]);
  });

  it("counts days in Romania and keeps the later of two backups of one day", () => {
    // 22:30 UTC on 28 November is 00:30 on the 29th in Bucharest.
    const late = { at: new Date("2026-11-28T22:30:00Z") };
    const early = { at: new Date("2026-11-28T21:30:00Z") };
    const kept = backupsToKeep([early, late], { daily: 1, weekly: 0, monthly: 0 });
    expect([...kept]).toEqual([late]);
    expect(backupsToKeep([early, late], { daily: 2, weekly: 0, monthly: 0 }).size).toBe(2);
  });

  it("always keeps the newest one, and nothing of an empty list", () => {
    const only = nights(["2026-11-29"]);
    expect([...backupsToKeep(only, { daily: 1, weekly: 0, monthly: 0 })]).toEqual(only);
    expect(backupsToKeep([], { daily: 7, weekly: 4, monthly: 6 }).size).toBe(0);
  });

  it("reads the instant back from a backup's name and nothing from another file", () => {
    const at = new Date("2026-11-29T01:30:00.123Z");
    expect(backupInstant(backupFileName(at, "logical"))).toEqual(at);
    expect(backupInstant(`/x/${backupFileName(at, "sqlite")}`)).toEqual(at);
    expect(backupInstant(`${backupFileName(at, "sqlite")}.partial`)).toBeUndefined();
    expect(backupInstant("utilaje.db")).toBeUndefined();
  });
});
