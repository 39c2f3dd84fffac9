import { statusSchema } from "../../common/status/status-schemas.ts";
import { readStatus } from "../monitoring/status.ts";
import { versionLabel } from "../core/version.ts";
import { workPools } from "../services.ts";
import { adminRoute, apiRouter, jsonReply } from "./route-factory.ts";

/** The Stare page's call (decision 087), mounted at /api/status: admin only. */
export const statusRoutes = apiRouter().openapi(
  adminRoute({
    method: "get",
    path: "/",
    operationId: "getStatus",
    right: "status",
    tags: ["status"],
    summary: "How the site stands: version, uptime, backups, disk, database, outbox, work pools",
    description:
      "Read at each call: this instance's version and uptime; the last nightly backup and its check (`state`: `ok`, `stale` when the newest verified backup is older than 26 hours, `failed` when the last night failed, `missing` when none was ever made, `off` when BACKUP_AT is off) and its off-site copy; the disk free in DATA_DIR; the database's size; the outbox (waiting, failing, the oldest's queueing time); the work pools (running, waiting, children, and children crashed since start and in the last 24 hours); this instance's error log lines of the last 24 hours by kind (an error's code or class, never its message) and its requests refused with 429 by limit.",
    responses: { 200: jsonReply("The status.", statusSchema) },
  }),
  async (c) => {
    const { db, dialect, config, version, work, counts } = c.var.services;
    return c.json(
      await readStatus({
        db,
        dialect,
        dataDir: config.DATA_DIR,
        version: versionLabel(version),
        backupsOn: config.BACKUP_AT !== undefined,
        pools: workPools(work),
        counts,
      }),
      200,
    );
  },
);
