import { expect, it, vi } from "vitest";
import { loginAsAdmin } from "../helpers/auth.ts";
import { spawnServer } from "../helpers/child-server.ts";
import { siteAt, TEST_ADMIN } from "../helpers/test-server.ts";

/**
 * A login's log line names its outcome, never the user name typed (decision 073 keeps it out of the
 * activity log too): a mistyped name is often the password, or another site's account.
 */
it("the server's log of logins holds their outcomes and no typed user name", { timeout: 90_000 }, async () => {
  const server = await spawnServer({ LOG_LEVEL: "info" });
  try {
    const site = siteAt(await server.url());
    const typed = "Parola-tastata-in-nume";
    const refused = await site.fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: typed, password: "nu-este-aceasta" }),
    });
    expect(refused.status).toBe(401);
    await loginAsAdmin(site);
    const attempts = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"login attempt"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    await vi.waitFor(() => expect(attempts()).toHaveLength(2), { timeout: 10_000, interval: 50 });
    expect(attempts().map((line) => line.outcome)).toEqual(["unknown_user", "success"]);
    expect(server.output()).not.toContain(typed);
    expect(server.output()).not.toContain(`"${TEST_ADMIN.username}"`);
  } finally {
    await server.stop();
  }
});
