import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { authHeaders, callJson, loginAsAdmin } from "../helpers/auth.ts";
import { withTestServer } from "../helpers/admin-server.ts";
import { TEST_ADMIN } from "../helpers/test-server.ts";

const site = withTestServer({ LOGIN_RATE_LIMIT: "1000" });

/** `npm run admin -- ...` against the test server's database, with `input` on standard input. */
function admin(args: string[], input = ""): Promise<{ code: number | null; output: string }> {
  const { DATA_DIR, DATABASE_URL } = site.server.services.config;
  const script = path.resolve(import.meta.dirname, "../../server/cli/admin.ts");
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH, DATA_DIR, LOG_LEVEL: "silent", ...(DATABASE_URL ? { DATABASE_URL } : {}) },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(input);
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, output })));
}

const login = (username: string, password: string) =>
  callJson(site.server, "POST", "/api/login", { username, password });

describe("npm run admin", () => {
  it("set-password sets the password given by --password and ends every session", async () => {
    const before = await loginAsAdmin(site.server);
    const result = await admin(["set-password", "--username", TEST_ADMIN.username, "--password", "Parola-din-cli-1"]);
    expect(result).toEqual({
      code: 0,
      output: `Set the password of '${TEST_ADMIN.username}'; every session of that user has ended.\n`,
    });
    expect((await site.server.fetch("/api/me", { headers: authHeaders(before.token) })).status).toBe(401);
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(401);
    expect((await login(TEST_ADMIN.username, "Parola-din-cli-1")).status).toBe(200);
  });

  it("create makes another administrator, the password read from standard input", async () => {
    const result = await admin(["create", "--username", "Sef", "--email", "sef@utilaje.test"], "Parola-sefului-1\n");
    expect(result).toEqual({ code: 0, output: "Created the administrator 'sef'.\n" });
    expect((await login("sef", "Parola-sefului-1")).status).toBe(200);
  });

  it("refuses to create a user twice, to set the password of no one, or a password out of bounds or common", async () => {
    const twice = await admin(["create", "--username", "sef", "--password", "Parola-sefului-2"]);
    expect(twice).toEqual({ code: 1, output: "The user 'sef' exists already: use set-password.\n" });
    const nobody = await admin(["set-password", "--username", "nobody", "--password", "Parola-sefului-2"]);
    expect(nobody).toEqual({ code: 1, output: "There is no user 'nobody': use create.\n" });
    const short = await admin(["set-password", "--password", "short"]);
    expect(short).toEqual({ code: 1, output: "The password must have 8 to 128 characters.\n" });
    const common = await admin(["set-password", "--password", "Password1"]);
    expect(common).toEqual({
      code: 1,
      output: "This password is in the list of common passwords: choose another one.\n",
    });
    expect((await login("sef", "Parola-sefului-1")).status).toBe(200);
  });

  it("prints its usage for an unknown command", async () => {
    const result = await admin(["delete"]);
    expect(result.code).toBe(1);
    expect(result.output).toContain("npm run admin -- create");
  });
});
