import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PAGE_BUNDLES } from "../../common/pages/page-bundles.ts";
import { pageBundleFile } from "../../server/pages/page-build.ts";
import { Unavailable, type Cleanup } from "./bench-main.ts";
import { RESULTS_DIR } from "./results.ts";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** Where BENCH_CPU_PROF=1 makes the server write its CPU profiles (open them in Chrome DevTools). */
export const PROFILE_DIR = path.join(RESULTS_DIR, "profiles");

export interface ServerProcess {
  url: string;
  pid: number;
  /** The graceful stop that clean-up would make, now (a bench measuring several servers one after the other). */
  stop: () => Promise<void>;
}

/**
 * `root`: a checkout whose build is measured (this one by default; another for a baseline). A
 * checkout from before the admin's pages had their own server bundle has one build/server/index.js.
 */
export function requireProductionBuild(root = ROOT): void {
  const bundles = PAGE_BUNDLES.map((bundle) => pageBundleFile(root, bundle));
  if (!bundles.every((file) => existsSync(file)) && !existsSync(path.join(root, "build", "server", "index.js"))) {
    throw new Unavailable(`no production build in ${path.join(root, "build")}: run \`npm run build\` there first`);
  }
}

/**
 * The real production server (`server/process/index.ts`, what `npm start` runs once the build is current) in
 * its own process, on 127.0.0.1 and an ephemeral port, so that the load generator in this process
 * does not share its event loop. Logs at warn level, as nginx runs without its access log. Every
 * setting that matters is passed, so a developer's `.env` cannot change the figures (`env` adds a
 * bench's own). Stopped by
 * SIGTERM (a graceful stop) at clean-up.
 */
export async function startProductionServer(
  cleanup: Cleanup,
  options: {
    dataDir: string;
    databaseUrl?: string;
    seedDemo: boolean;
    root?: string;
    adminPassword?: string;
    env?: Record<string, string>;
  },
): Promise<ServerProcess> {
  const nodeArgs = process.env.BENCH_CPU_PROF === "1" ? ["--cpu-prof", "--cpu-prof-dir", PROFILE_DIR] : [];
  if (nodeArgs.length > 0) mkdirSync(PROFILE_DIR, { recursive: true });
  const root = options.root ?? ROOT;
  // A checkout from before the server's process had a folder of its own starts at server/index.ts.
  const entry = existsSync(path.join(root, "server", "process", "index.ts"))
    ? path.join("server", "process", "index.ts")
    : path.join("server", "index.ts");
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      PUBLIC_URL: "",
      SMTP_URL: "",
      SEED_DEMO: String(options.seedDemo),
      ADMIN_PASSWORD: options.adminPassword ?? randomBytes(12).toString("hex"),
      LOG_LEVEL: "warn",
      // The load generators are one client: measured as the site's whole traffic, not refused by its budget of renders.
      PAGE_RENDER_RATE_LIMIT: "1000000000",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));
  const stop = async () => {
    if (!running) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  cleanup.add(stop);

  // The server's own output, kept short, for the error message when it does not come up.
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-8000));
  child.stderr.on("data", keep);
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      keep(chunk);
      // server/process/index.ts announces itself with "utilaje is running at <url>/home".
      const match = /running at (http:\/\/\S+?)\/home/.exec(output);
      if (match) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`the server exited (code ${code}) before listening:\n${output}`)));
  });
  if (!child.pid) throw new Error("the server process has no pid");
  return { url, pid: child.pid, stop };
}
