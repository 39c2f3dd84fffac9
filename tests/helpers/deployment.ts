import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FAST_ALTCHA } from "./contact.ts";
import { freePort } from "./free-port.ts";
import { findNginx, NGINX_INSTALL_HINT, startNginx, type RunningNginx } from "./nginx.ts";
import { TEST_ADMIN } from "./test-admin.ts";

/**
 * The deployment shape of docs/operations.md, started for real: nginx with the site configuration
 * printed there, in front of instances started with the environment of the systemd unit printed
 * there. The page is the one source: the test and the soak bench read both blocks from it and change
 * only the addresses and directories of this machine (each change must find its text, so a changed
 * page fails loudly here instead of being silently not tested).
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const OPERATIONS = path.join(ROOT, "docs", "operations.md");

/** The one fenced block of `language` in docs/operations.md, its list indentation removed. */
export function operationsBlock(language: "nginx" | "ini"): string {
  const blocks = [
    ...readFileSync(OPERATIONS, "utf8").matchAll(
      new RegExp(String.raw`^( *)\`\`\`${language}\n([\s\S]*?)^\1\`\`\`$`, "gm"),
    ),
  ];
  if (blocks.length !== 1)
    throw new Error(
      `docs/operations.md has ${blocks.length} \`\`\`${language} blocks; the deployment test expects one`,
    );
  const [, indent, body] = blocks[0];
  return body
    .split("\n")
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join("\n");
}

function replaceOnce(text: string, find: string, replacement: string, what: string): string {
  const at = text.indexOf(find);
  if (at < 0 || text.indexOf(find, at + 1) >= 0)
    throw new Error(
      `docs/operations.md's ${what} no longer has "${find}" exactly once: update tests/helpers/deployment.ts`,
    );
  return text.slice(0, at) + replacement + text.slice(at + find.length);
}

/**
 * How long a condition that follows an action on the deployment may take to hold (a log line, nginx's
 * cache, a mail, an instance's state after SIGTERM): `vi.waitFor`'s options.
 */
export const SOON = { timeout: 10_000, interval: 20 };

/** How long the page's nginx keeps a picture of /media before asking an instance again. */
const MEDIA_CACHE_VALID = "proxy_cache_valid 200 10m;";

export interface SiteOptions {
  /**
   * Replaces the 10 minutes nginx keeps a /media picture (nginx's time syntax, `1s`): a test waits
   * for a deleted picture to leave nginx's cache in seconds, by the page's very mechanism.
   */
  mediaCacheValid?: string;
}

/** Where the page's nginx keeps its cache: a directory Debian's nginx package does not create. */
const CACHE_PARENT = "/var/cache/nginx";

/**
 * Runs the page's command that creates nginx's cache parent (step 6, before `nginx -t`), made to
 * create `cacheParent` instead: nginx creates only the last directory of a cache path, so without
 * that step nginx does not start, here as on a new Debian machine.
 */
export function createCacheParent(cacheParent: string): void {
  const commands = [
    ...readFileSync(OPERATIONS, "utf8").matchAll(new RegExp(String.raw`^ *(install -d .* ${CACHE_PARENT})$`, "gm")),
  ];
  if (commands.length !== 1)
    throw new Error(
      `docs/operations.md has ${commands.length} \`install -d … ${CACHE_PARENT}\` commands; the deployment test expects one`,
    );
  const [program, ...args] = commands[0][1].split(/ +/);
  execFileSync(
    program,
    args.map((arg) => (arg === CACHE_PARENT ? cacheParent : arg)),
  );
}

/**
 * The page's nginx site, listening on 127.0.0.1:`port`, its upstream on `instancePorts`, its cache
 * under `cacheParent` (where the page has /var/cache/nginx).
 */
export function nginxSite(
  options: SiteOptions & { port: number; instancePorts: readonly [number, number]; cacheParent: string },
): string {
  let site = operationsBlock("nginx");
  site = replaceOnce(site, "listen 80;", `listen 127.0.0.1:${options.port};`, "nginx site");
  site = replaceOnce(site, "server 127.0.0.1:3001 ", `server 127.0.0.1:${options.instancePorts[0]} `, "nginx site");
  site = replaceOnce(site, "server 127.0.0.1:3002 ", `server 127.0.0.1:${options.instancePorts[1]} `, "nginx site");
  site = replaceOnce(
    site,
    MEDIA_CACHE_VALID,
    options.mediaCacheValid ? `proxy_cache_valid 200 ${options.mediaCacheValid};` : MEDIA_CACHE_VALID,
    "nginx site",
  );
  return replaceOnce(
    site,
    `proxy_cache_path ${CACHE_PARENT}/`,
    `proxy_cache_path ${options.cacheParent}/`,
    "nginx site",
  );
}

/** The systemd unit's `Environment=` settings for instance `port` (%i), its state under `stateDir`. */
export function unitEnvironment(port: number, stateDir: string): Record<string, string> {
  const unit = operationsBlock("ini");
  const env: Record<string, string> = {};
  for (const [, name, value] of unit.matchAll(/^Environment=(\w+)=(.*)$/gm)) {
    env[name] = value.replaceAll("%i", String(port)).replace(/^\/var\/lib\/utilaje\//, `${stateDir}/`);
  }
  if (!/^ExecStart=\S*node server\/process\/index\.ts$/m.test(unit))
    throw new Error(
      "docs/operations.md's unit no longer starts `node server/process/index.ts`: update tests/helpers/deployment.ts",
    );
  return env;
}

/**
 * The upstream's `fail_timeout` on the page's nginx site, in seconds: how long nginx skips an
 * instance that refused it a connection.
 */
export function upstreamFailTimeout(): number {
  const timeouts = [...operationsBlock("nginx").matchAll(/^ *server \S+ .*\bfail_timeout=(\d+)s;$/gm)].map((match) =>
    Number(match[1]),
  );
  if (timeouts.length !== 2 || timeouts[0] !== timeouts[1])
    throw new Error(
      "docs/operations.md's upstream no longer has two servers with one fail_timeout in seconds: update tests/helpers/deployment.ts",
    );
  return timeouts[0];
}

/**
 * deploy/update.sh's rolling restart (docs/operations.md, step 7: one `systemctl restart` per
 * instance, waited for on /readyz, then `sleep "$pause"` before the next): the pause, in seconds, it
 * leaves nginx to take the instance back.
 */
export function rollingRestartPause(): number {
  const script = readFileSync(path.join(ROOT, "deploy", "update.sh"), "utf8");
  const pauses = [...script.matchAll(/^pause=(\d+)$/gm)];
  if (pauses.length !== 1 || !/^ {2}sleep "\$pause"$/m.test(script))
    throw new Error(
      'deploy/update.sh no longer sets `pause=N` once and sleeps "$pause" after a restart: update tests/helpers/deployment.ts',
    );
  return Number(pauses[0][1]);
}

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  requestId: string;
}

export interface Instance {
  port: number;
  url: string;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** The end of its output (for failure messages). */
  output(): string;
  /** The requests it logged (LOG_LEVEL=info; none at warn). */
  requests: LoggedRequest[];
  /** Every JSON line it logged, requests included (the "login attempt" lines carry the client's `ip`). */
  logs: Record<string, unknown>[];
  signal(name: NodeJS.Signals): void;
  /** SIGTERM, SIGKILL after 30 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * One instance, `server/process/index.ts` in its own process as the unit runs it; resolves once
 * /readyz answers 200.
 */
export async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [path.join("server", "process", "index.ts")], {
    cwd: ROOT,
    // Nothing of the caller's environment but PATH: the settings are the unit's and the caller's.
    env: { PATH: process.env.PATH ?? "", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let partial = "";
  const requests: LoggedRequest[] = [];
  const logs: Record<string, unknown>[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const lines = text.split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      // pino's lines; the start-up's plain lines (address, admin) are not.
      if (!line.startsWith('{"level":')) continue;
      const logged = JSON.parse(line) as Record<string, unknown>;
      logs.push(logged);
      if (logged.msg === "request") requests.push(logged as unknown as LoggedRequest);
    }
    output = (output + chunk.toString("utf8")).slice(-8000);
  });
  child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-8000)));
  let code: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve((code = exitCode))));
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    port,
    url,
    pid: child.pid ?? 0,
    exited,
    output: () => output,
    requests,
    logs,
    signal: (name) => void child.kill(name),
    stop: async () => {
      if (code !== undefined) return code;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (code !== undefined) throw new Error(`the instance on port ${port} exited (code ${code}) at start:\n${output}`);
    if (
      (await fetch(`${url}/readyz`).then(
        (response) => response.status,
        () => 0,
      )) === 200
    )
      return instance;
    if (Date.now() > deadline) {
      await instance.stop();
      throw new Error(`the instance on port ${port} was not ready within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Deployment {
  /** nginx's address: the site as visitors reach it. */
  url: string;
  instances: [Instance, Instance];
  nginx: RunningNginx;
  /**
   * What `systemctl restart utilaje@PORT` does to instance `index`: SIGTERM (its drain), then, once it
   * has exited, a new process on the same port with the same environment; resolves once the new one's
   * /readyz answers 200. From then on `instances[index]` is the new one.
   */
  restart(index: 0 | 1): Promise<Instance>;
  /** Stops nginx and both instances, removes the temporary directories. */
  stop(): Promise<void>;
}

/**
 * What the page's /etc/utilaje/utilaje.env holds for a test or bench deployment: the test
 * administrator, an empty catalogue, request logs (which `Instance.requests` reads), a cheap captcha,
 * and a contact limit no run reaches, since every call comes from 127.0.0.1.
 */
export const DEPLOYMENT_ENV: Readonly<Record<string, string>> = {
  ADMIN_USERNAME: TEST_ADMIN.username,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  ADMIN_EMAIL: TEST_ADMIN.email,
  SEED_DEMO: "false",
  BACKUP_AT: "off",
  LOG_LEVEL: "info",
  CONTACT_RATE_LIMIT: "100000000",
  ...FAST_ALTCHA,
};

/**
 * Two instances on `databaseUrl` behind nginx, as docs/operations.md deploys them, with
 * DEPLOYMENT_ENV, the SMTP server and whatever `env` changes (`siteOptions` change the nginx site);
 * PUBLIC_URL is nginx's address. Both instances start at the same moment, as after a reboot.
 */
export async function startDeployment(
  databaseUrl: string,
  env: { SMTP_URL: string } & Record<string, string>,
  siteOptions: SiteOptions = {},
): Promise<Deployment> {
  const binary = findNginx();
  if (!binary) throw new Error(`the deployment test needs nginx and found none. ${NGINX_INSTALL_HINT}`);
  const dir = mkdtempSync(path.join(tmpdir(), "utilaje-deploy-"));
  // nginx's worker (nobody, when started by root) must pass through to its own directory.
  chmodSync(dir, 0o711);
  const stateDir = path.join(dir, "state");
  const nginxDir = path.join(dir, "nginx");
  mkdirSync(nginxDir, { recursive: true });
  const instancePorts = [await freePort(), await freePort()] as const;
  const port = await freePort();
  const shared = { ...DEPLOYMENT_ENV, ...env, DATABASE_URL: databaseUrl, PUBLIC_URL: `http://127.0.0.1:${port}` };
  const environments = instancePorts.map((instancePort) => ({ ...unitEnvironment(instancePort, stateDir), ...shared }));
  const started = await Promise.allSettled(
    instancePorts.map((instancePort, index) => startInstance(instancePort, environments[index])),
  );
  const instances = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const cleanUp = async () => {
    for (const instance of instances) await instance.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await cleanUp();
    throw failed.reason;
  }
  let nginx: RunningNginx;
  try {
    // Missing until the page's own step creates it, as /var/cache/nginx on a new Debian machine.
    const cacheParent = path.join(nginxDir, "var-cache-nginx");
    createCacheParent(cacheParent);
    const site = nginxSite({ ...siteOptions, port, instancePorts, cacheParent });
    nginx = await startNginx({
      binary,
      dir: nginxDir,
      port,
      http: `  access_log off;\n${site}`,
      probePath: "/healthz",
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    url: nginx.url,
    // The array itself, so that a restart's new instance takes the old one's place for every reader.
    instances: instances as [Instance, Instance],
    nginx,
    restart: async (index) => {
      await instances[index].stop();
      instances[index] = await startInstance(instancePorts[index], environments[index]);
      return instances[index];
    },
    stop: async () => {
      await nginx.stop();
      await cleanUp();
    },
  };
}
