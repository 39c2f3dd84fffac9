import { expect, it, vi } from "vitest";
import { spawnServer } from "../helpers/child-server.ts";
import { TEST_ADMIN } from "../helpers/test-server.ts";

it(
  "with PORT=0 the start-up lines name the port actually chosen, for the site and for /admin",
  { timeout: 60_000 },
  async () => {
    // The production entry as `npm start` runs it.
    const server = await spawnServer();
    try {
      const [site, admin] = await vi.waitFor(
        () => {
          const site = /^utilaje is running at (http:\/\/127\.0\.0\.1:(\d+))\/home$/m.exec(server.output());
          const admin = /^Admin: (\S+)\/admin {2}user: (\S+)$/m.exec(server.output());
          expect([site, admin], server.output()).not.toContain(null);
          return [site as RegExpExecArray, admin as RegExpExecArray];
        },
        { timeout: 50_000, interval: 50 },
      );
      expect(Number(site[2])).toBeGreaterThan(0);
      expect([admin[1], admin[2]]).toEqual([site[1], TEST_ADMIN.username]);
      expect((await fetch(`${admin[1]}/admin/login`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  },
);
