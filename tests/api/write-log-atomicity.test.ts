import { expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { callJson, loginAsAdmin } from "../helpers/auth.ts";
import { spawnServer } from "../helpers/child-server.ts";
import { siteAt } from "../helpers/test-server.ts";

/**
 * A write, its activity log entry and its revision are one transaction (decisions 073, 078): a
 * server killed with SIGKILL in the middle of a burst of saves leaves every save it committed with
 * exactly its entry and its revision, and none of a save it did not commit. Shown on the real process, not with a hook in the code.
 */
it(
  "a server killed -9 during a burst of saves leaves each save with exactly its log entry and revision",
  { timeout: 90_000 },
  async () => {
    const server = await spawnServer();
    const { child, exited } = server;
    try {
      const url = await server.url();
      const site = siteAt(url);
      const { token } = await loginAsAdmin(site);
      const created = await callJson(site, "POST", "/api/category/create", { name: "Rezistenta 0" }, token);
      const { uuid } = (await created.json()) as { uuid: string };

      // Creates and renames at once, four at a time, until the process is killed after the 12th reply.
      let replies = 0;
      const killed = Promise.withResolvers<undefined>();
      const worker = async (lane: number) => {
        for (let index = 0; index < 50; index += 1) {
          const call =
            index % 2 === 0
              ? callJson(site, "POST", "/api/category/create", { name: `Rezistenta ${lane} ${index}` }, token)
              : callJson(
                  site,
                  "PUT",
                  "/api/category/update",
                  { uuid, name: `Rezistenta redenumita ${lane} ${index}` },
                  token,
                );
          try {
            await call;
          } catch {
            return; // the process is gone
          }
          replies += 1;
          if (replies === 12) {
            child.kill("SIGKILL");
            killed.resolve(undefined);
          }
        }
      };
      await Promise.all([0, 1, 2, 3].map(worker));
      await killed.promise;
      await exited;

      const reopened = openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
      try {
        const { db } = reopened;
        const categories = await db.selectFrom("categories").select(["id", "version"]).execute();
        const creates = await db
          .selectFrom("activity_log")
          .select("item_id")
          .where("action", "=", "create")
          .where("kind", "=", "category")
          .execute();
        // Every category has its one create entry, and every create entry its category.
        expect(creates.map((entry) => entry.item_id).sort()).toEqual(categories.map((category) => category.id).sort());
        expect(categories.length).toBeGreaterThan(1);
        // Every rename that committed (the version counts them) has its entry, and no other one does.
        const renamed = categories.find((category) => category.id === uuid);
        const updates = await db
          .selectFrom("activity_log")
          .select("id")
          .where("action", "=", "update")
          .where("item_id", "=", uuid)
          .execute();
        expect(updates.length).toBe((renamed?.version ?? 0) - 1);
        expect(updates.length).toBeGreaterThan(0);
        // And its revision (decision 078): one per create, one per committed rename, none of the rest.
        const revisions = await db.selectFrom("revisions").select(["item_id", "action"]).execute();
        expect(
          revisions
            .filter((revision) => revision.action === "create")
            .map((revision) => revision.item_id)
            .sort(),
        ).toEqual(categories.map((category) => category.id).sort());
        expect(revisions.filter((revision) => revision.action === "update" && revision.item_id === uuid)).toHaveLength(
          updates.length,
        );
      } finally {
        await reopened.close();
      }
    } finally {
      await server.stop("SIGKILL");
    }
  },
);
