import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WorkNotDone, workJob, workPool, type WorkPool, type WorkPoolOptions } from "../../server/work/work-pool.ts";
import type * as Jobs from "../fixtures/work-jobs.ts";

/**
 * server/work/work-pool.ts with real children: a job past its time limit, a crash or the heap's cap
 * costs that job alone, the child is replaced and the next job is done; past the queue's length a
 * job is refused at once.
 */

const JOBS = new URL("../fixtures/work-jobs.ts", import.meta.url);
const echo = workJob<typeof Jobs, "echo">(JOBS, "echo");
const fail = workJob<typeof Jobs, "fail">(JOBS, "fail");
const hang = workJob<typeof Jobs, "hang">(JOBS, "hang");
const waitFor = workJob<typeof Jobs, "waitFor">(JOBS, "waitFor");
const crash = workJob<typeof Jobs, "crash">(JOBS, "crash");
const exhaustHeap = workJob<typeof Jobs, "exhaustHeap">(JOBS, "exhaustHeap");
const environmentNames = workJob<typeof Jobs, "environmentNames">(JOBS, "environmentNames");

const OPTIONS: WorkPoolOptions = {
  name: "test work",
  children: 1,
  heapMb: 64,
  timeLimitMs: 20_000,
  queueLength: 2,
  idleMs: 60_000,
};

let folder: string;
let pool: WorkPool | undefined;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "utilaje-work-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});
afterEach(() => {
  pool?.close();
  pool = undefined;
});

const poolWith = (options: Partial<WorkPoolOptions> = {}) => (pool = workPool({ ...OPTIONS, ...options }));
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "done",
    (error: unknown) => (error instanceof WorkNotDone ? error.reason : String(error)),
  );
const pidOf = (answer: string) => Number(/pid (\d+)/.exec(answer)?.[1]);

describe("workPool", () => {
  it("runs a job in a child process, and the next in the same child", async () => {
    const work = poolWith();
    const first = await work.run(echo, "one");
    expect(first).toMatch(/^one \(pid \d+\)$/);
    expect(pidOf(first)).not.toBe(process.pid);
    expect(pidOf(await work.run(echo, "two"))).toBe(pidOf(first));
  });

  it("gives a child the runtime's variables, never a secret of the server's", async () => {
    const secrets = {
      JWT_SECRET: "jwt-secret-of-the-server-000000000000",
      DATABASE_URL: "postgres://utilaje:password@127.0.0.1/utilaje",
      SMTP_URL: "smtp://mail:password@127.0.0.1:25",
      METRICS_TOKEN: "metrics-token-of-the-server-0000000",
      BACKUP_ENCRYPTION_KEY: "b".repeat(64),
      BACKUP_S3_SECRET_ACCESS_KEY: "s3-secret",
      PGPASSWORD: "pg-password",
      NODE_OPTIONS: "--max-old-space-size=8",
    };
    for (const [name, value] of Object.entries({ ...secrets, TZ: "Europe/Bucharest", LC_ALL: "C.UTF-8" }))
      vi.stubEnv(name, value);
    try {
      const names = await poolWith().run(environmentNames, null);
      expect(names).toEqual(expect.arrayContaining(["PATH", "TZ", "LC_ALL"]));
      for (const name of Object.keys(secrets)) expect(names).not.toContain(name);
      pool?.close();
      // A pool that needs PostgreSQL's own variables (the backups') names them, and gets only them.
      const withPg = await poolWith({ environment: ["PG"] }).run(environmentNames, null);
      expect(withPg).toContain("PGPASSWORD");
      expect(withPg).not.toContain("DATABASE_URL");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("answers a job that threw with its error, and goes on", async () => {
    const work = poolWith();
    await expect(work.run(fail, "no such machine")).rejects.toThrow(/no such machine/);
    expect(await reasonOf(work.run(fail, "again"))).toBe("failed");
    expect(await work.run(echo, "after")).toMatch(/^after/);
    // A job that threw is the job's failure, not its child's.
    expect(work.crashes.total).toBe(0);
  });

  it("kills a child past the time limit; the job is overdue, a new child does the next", async () => {
    const work = poolWith({ timeLimitMs: 300 });
    const before = pidOf(await work.run(echo, "warm"));
    expect(await reasonOf(work.run(hang, null))).toBe("overdue");
    const after = pidOf(await work.run(echo, "next"));
    expect(after).not.toBe(before);
    // The killed child counts as a crash (its exit comes after the job's refusal).
    await expect.poll(() => work.crashes.total).toBe(1);
    expect(work.crashes.since(Date.now() - 60_000)).toBe(1);
    expect(work.crashes.since(Date.now() + 1000)).toBe(0);
  });

  it("replaces a child that crashed mid-job, or died at its heap's cap", async () => {
    const work = poolWith({ heapMb: 32 });
    const before = pidOf(await work.run(echo, "warm"));
    expect(await reasonOf(work.run(crash, null))).toBe("stopped");
    const second = pidOf(await work.run(echo, "after a crash"));
    expect(second).not.toBe(before);
    expect(await reasonOf(work.run(exhaustHeap, null))).toBe("stopped");
    expect(pidOf(await work.run(echo, "after the cap"))).not.toBe(second);
    expect(work.counts.children).toBe(1);
    expect(work.crashes.total).toBe(2);
  });

  it("refuses at once past the queue's length, and does the jobs it took", async () => {
    const work = poolWith({ queueLength: 2 });
    const release = path.join(folder, "release");
    const running = work.run(waitFor, release);
    const waiting = [work.run(echo, "a"), work.run(echo, "b")];
    expect(work.counts).toMatchObject({ waiting: 2 });
    expect(await reasonOf(work.run(echo, "c"))).toBe("busy");
    await writeFile(release, "");
    expect(await running).toBe("released");
    expect((await Promise.all(waiting)).map((answer) => answer.split(" ")[0])).toEqual(["a", "b"]);
  });

  it("lets an idle child end, and starts another for the next job", async () => {
    const work = poolWith({ idleMs: 50 });
    const first = pidOf(await work.run(echo, "one"));
    await expect.poll(() => work.counts.children, { timeout: 10_000 }).toBe(0);
    expect(pidOf(await work.run(echo, "two"))).not.toBe(first);
    // A child let go when idle is no crash.
    expect(work.crashes.total).toBe(0);
  });

  it("lets its idle children go when asked, never one with a job", async () => {
    const work = poolWith({ children: 2 });
    await Promise.all([work.run(echo, "one"), work.run(echo, "two")]);
    expect(work.counts.children).toBe(2);
    const release = path.join(folder, "let-idle-go");
    const busy = work.run(waitFor, release);
    expect(work.counts).toEqual({ running: 1, waiting: 0, children: 2 });
    work.letIdleGo();
    expect(work.counts).toEqual({ running: 1, waiting: 0, children: 1 });
    await writeFile(release, "");
    expect(await busy).toBe("released");
    expect(work.crashes.total).toBe(0);
  });
});
