import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";

/**
 * deploy/update.sh, the update of docs/operations.md's step 7, run by sh against a release layout in a
 * temporary directory, with the machine's commands (git, npm, chown, systemd-run, systemctl, curl,
 * sleep) replaced by stand-ins that log their calls. A stand-in instance runs the release `current`
 * named when it was restarted, and is ready unless that release holds a file BROKEN.
 */

const SCRIPT = path.resolve(import.meta.dirname, "..", "..", "deploy", "update.sh");

const STAND_INS: Record<string, string> = {
  git: `[ -z "\${FAIL_CLONE:-}" ] || exit 128
for last; do :; done
mkdir -p "$last"
[ -z "\${NEW_BROKEN:-}" ] || touch "$last/BROKEN"`,
  npm: `[ "$*" != "ci" ] || [ -z "\${FAIL_NPM_CI:-}" ] || exit 1`,
  chown: ``,
  "systemd-run": `for last; do :; done
touch "$last"`,
  systemctl: `readlink -f "$UTILAJE_BASE/current" > "$STATE/runs-\${2#utilaje@}"`,
  curl: `for last; do :; done
port=\${last#http://127.0.0.1:}
port=\${port%%/*}
runs=$(cat "$STATE/runs-$port")
[ -z "\${NOTHING_READY:-}" ] && [ ! -e "$runs/BROKEN" ] || exit 22`,
  sleep: ``,
};

let dir: string;

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A layout with one release, `current` naming it and both instances running it; runs the script with `env`. */
function update(env: Record<string, string> = {}) {
  dir = mkdtempSync(path.join(tmpdir(), "utilaje-update-"));
  const bin = path.join(dir, "bin");
  const base = path.join(dir, "opt");
  const state = path.join(dir, "state");
  const previous = path.join(base, "releases", "20260101-000000");
  for (const directory of [bin, state, previous]) mkdirSync(directory, { recursive: true });
  symlinkSync(previous, path.join(base, "current"));
  for (const port of [3001, 3002]) writeFileSync(path.join(state, `runs-${port}`), `${previous}\n`);
  const calls = path.join(dir, "calls");
  for (const [name, body] of Object.entries(STAND_INS)) {
    writeFileSync(path.join(bin, name), `#!/bin/sh\necho "${name} $*" >> "${calls}"\n${body}\n`);
    chmodSync(path.join(bin, name), 0o755);
  }
  const run = spawnSync("sh", [SCRIPT, "https://example.invalid/utilaje.git", "v2"], {
    encoding: "utf8",
    env: {
      PATH: `${bin}:${process.env.PATH ?? ""}`,
      UTILAJE_BASE: base,
      UTILAJE_BACKUPS: path.join(dir, "backups"),
      READY_TIMEOUT: "3",
      STATE: state,
      ...env,
    },
  });
  const logged = existsSync(calls) ? readFileSync(calls, "utf8").trim().split("\n") : [];
  const command = (line: string) => line.split(" ")[0];
  return {
    status: run.status,
    stderr: run.stderr,
    stdout: run.stdout,
    previous,
    current: realpathSync(path.join(base, "current")),
    /** The calls made in order (not the waits): the command, with its arguments for npm and systemctl. */
    steps: logged
      .filter((line) => !["sleep", "curl"].includes(command(line)))
      .map((line) => (["npm", "systemctl"].includes(command(line)) ? line : command(line))),
    /** The readiness checks, per port. */
    checks: (port: number) =>
      logged.filter((line) => line.startsWith("curl ") && line.includes(`:${port}/readyz`)).length,
    /** The file the backup was written to. */
    backup: logged.join("\n").match(/backup\.ts (\S+)/)?.[1],
  };
}

it("an update builds the new release, backs the database up, switches `current` and restarts the instances one at a time", () => {
  const result = update();
  expect(result.status, result.stderr).toBe(0);
  expect(result.current).not.toBe(result.previous);
  expect(path.dirname(result.current)).toBe(path.dirname(result.previous));
  expect(result.steps).toEqual([
    "git",
    "npm ci",
    "npm run build",
    "chown",
    "systemd-run",
    "systemctl restart utilaje@3001",
    "systemctl restart utilaje@3002",
  ]);
  const { backup } = result;
  expect(backup && existsSync(backup)).toBe(true);
  expect(result.stdout).toContain(backup);
});

it.each([
  ["the clone", { FAIL_CLONE: "1" }, ["git"]],
  ["npm ci", { FAIL_NPM_CI: "1" }, ["git", "npm ci"]],
])(
  "a failed step (%s) stops the update: `current` and the instances stay on the previous release",
  (_step, env, steps) => {
    const result = update(env);
    expect(result.status).not.toBe(0);
    expect(result.current).toBe(result.previous);
    expect(result.steps).toEqual(steps);
    expect(result.stderr).toContain(`update stopped before the switch: the instances still run ${result.previous}`);
  },
);

it("a new release that is not ready in time switches `current` back and restarts the instance on the previous release", () => {
  const result = update({ NEW_BROKEN: "1" });
  expect(result.status).not.toBe(0);
  expect(result.current).toBe(result.previous);
  expect(result.steps.slice(-2)).toEqual(["systemctl restart utilaje@3001", "systemctl restart utilaje@3001"]);
  // READY_TIMEOUT (3) one-second waits, then one check more; the other instance was never touched.
  expect(result.checks(3001)).toBe(4 + 1);
  expect(result.checks(3002)).toBe(0);
  expect(result.stderr).toContain(`utilaje@3001 not ready within 3 s: switching back to ${result.previous}`);
  expect(result.stderr).toContain(`back on ${result.previous}`);
  expect(readFileSync(path.join(dir, "state", "runs-3001"), "utf8").trim()).toBe(result.previous);
});

it("when the previous release is not ready either, the update ends naming the backup to restore", () => {
  const result = update({ NOTHING_READY: "1" });
  expect(result.status).not.toBe(0);
  expect(result.current).toBe(result.previous);
  expect(result.stderr).toContain(`restore ${result.backup} into an empty database`);
});
