import { addDays, romanianDay } from "../../common/days/romanian-day.ts";
import { claimBackupRun, finishBackupRun } from "../../server/db/repositories/backup-runs.ts";
import { workJob } from "../../server/work/work-pool.ts";
import type * as Jobs from "../fixtures/work-jobs.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

// The nightly backup on, at an hour this test never reaches: the nights below are the test's own.
// One password-reset mail per address and window: the second is refused with 429.
test.use({ serverEnv: { BACKUP_AT: "23:59", RESET_RATE_LIMIT: "1" } });

/**
 * The 'Stare' page (decision 087): the administrator opens it from the menu and sees the backups'
 * state in each of its colours as the nights go, with the server's facts beside it: the instances
 * seen, a crashed worker, an error by its kind and the requests a limit refused.
 */
test("the Stare page shows the backups' states, the instances, the workers' crashes, the errors and limits hit", async ({
  adminPage: page,
  server,
}) => {
  const db = server.services.db;
  const today = romanianDay();
  const night = async (day: string, end: "ok" | "failed", finishedAt: Date) => {
    await claimBackupRun(db, { day, instance: "test", startedAt: finishedAt.toISOString(), offsite: "off" });
    await finishBackupRun(
      db,
      day,
      end === "ok"
        ? {
            status: "ok",
            finishedAt: finishedAt.toISOString(),
            file: `/backups/${day}.db`,
            bytes: 3 * 1024 * 1024,
            rows: 1200,
          }
        : { status: "failed", finishedAt: finishedAt.toISOString(), error: "ENOSPC: no space left on device, write" },
    );
  };
  const state = page.getByTestId("backup-state");

  await page.getByRole("navigation", { name: "Meniu administrare" }).getByRole("link", { name: "Stare" }).click();
  await expect(page).toHaveURL("/admin/main/stare");
  await expect(page.getByRole("heading", { level: 1, name: "Stare" })).toBeFocused();
  await expect(state).toHaveText("Niciun backup");
  await expect(page.getByRole("region", { name: "Server" })).toContainText("SQLite");
  await expect(page.getByRole("region", { name: "E-mailuri de trimis" })).toContainText("In asteptare:0");
  await expect(page.getByRole("row", { name: /Fise tehnice/ })).toBeVisible();
  // This instance's heartbeat, written at its start: listed among the instances seen.
  await expect(page.getByRole("row", { name: /\(aceasta\)/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Erori in ultimele 24 de ore" })).toContainText("Nicio eroare.");
  await expectNoSeriousA11yViolations(page, "the Stare page without a backup");

  await night(addDays(today, -3), "failed", new Date(Date.now() - 3 * 3_600_000));
  await page.reload();
  await expect(state).toHaveText("Esuat");
  await expect(page.getByRole("region", { name: "Backup" })).toContainText("ENOSPC: no space left on device, write");
  await expectNoSeriousA11yViolations(page, "the Stare page with a failed backup");

  await night(addDays(today, -2), "ok", new Date(Date.now() - 3_600_000));
  await page.reload();
  await expect(state).toHaveText("Verificat");
  await expect(page.getByRole("region", { name: "Backup" })).toContainText("3 MB");
  await expectNoSeriousA11yViolations(page, "the Stare page with a verified backup");

  await night(addDays(today, -1), "ok", new Date(Date.now() - 30 * 3_600_000));
  await db.deleteFrom("backup_runs").where("day", "=", addDays(today, -2)).execute();
  await page.reload();
  await expect(state).toHaveText("Mai vechi de 26 de ore");
  await expectNoSeriousA11yViolations(page, "the Stare page with an old backup");

  // A child of the imports' pool crashes mid-job: counted beside the pool's waiting and running jobs.
  const crash = workJob<typeof Jobs, "crash">(new URL("../fixtures/work-jobs.ts", import.meta.url), "crash");
  await server.services.work.imports.run(crash, null).catch(() => undefined);
  await page.reload();
  await expect(page.getByTestId("pool-crashes-imports")).toHaveText("1");
  await expect(page.getByTestId("pool-crashes-sheets")).toHaveText("0");
  await expectNoSeriousA11yViolations(page, "the Stare page with a crashed worker");

  // An error line and two requests refused by a limit: counted by kind and by limit, no message shown.
  server.services.logger.error({ err: Object.assign(new Error("ion@example.ro"), { code: "ENOSPC" }) }, "failed");
  for (let i = 0; i < 3; i += 1) await page.request.post("/api/reset", { data: { mail: "nobody@example.ro" } });
  await page.reload();
  const errors = page.getByRole("region", { name: "Erori in ultimele 24 de ore" });
  await expect(errors).toContainText("ENOSPC:1");
  await expect(errors).not.toContainText("ion@example.ro");
  await expect(page.getByRole("region", { name: "Limite de cereri atinse in ultimele 24 de ore" })).toContainText(
    "Resetarea parolei:2",
  );
  await expectNoSeriousA11yViolations(page, "the Stare page with errors and rate limits hit");
});
