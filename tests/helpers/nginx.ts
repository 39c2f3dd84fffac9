import { spawn } from "node:child_process";
import { accessSync, chmodSync, constants, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** How to get the nginx the deployment test and the benches drive. */
export const NGINX_INSTALL_HINT =
  "Install nginx with `apt-get install -y nginx` (Debian; it lands in /usr/sbin/nginx), or name its binary in NGINX_PATH.";

/**
 * NGINX_PATH when set (it must then be executable), otherwise the first `nginx` in /usr/sbin,
 * /usr/local/sbin or PATH; null when none.
 */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | null {
  const dirs = ["/usr/sbin", "/usr/local/sbin", ...(env.PATH ?? "").split(path.delimiter).filter(Boolean)];
  for (const candidate of env.NGINX_PATH ? [env.NGINX_PATH] : dirs.map((dir) => path.join(dir, "nginx"))) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not there: try the next place.
    }
  }
  return null;
}

export interface RunningNginx {
  url: string;
  pid: number;
  /** The error log so far (for a failure's message). */
  errorLog(): string;
  /** SIGQUIT (the workers finish what they serve), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/**
 * nginx in the foreground with its own prefix `dir` (pid file, logs, temp paths; nothing of the
 * machine's /etc/nginx is read), `http` as the body of its http block, and `workers` workers (1). Resolves
 * once `probePath` answers on `url` (any status); rejects with the error log when nginx exits first.
 */
export async function startNginx(options: {
  binary: string;
  dir: string;
  port: number;
  http: string;
  probePath?: string;
  workers?: number;
}): Promise<RunningNginx> {
  const { dir } = options;
  // A master started by root runs its worker as nobody: it must reach the files in the private temp dir.
  chmodSync(dir, 0o755);
  const file = (name: string) => path.join(dir, name);
  const config = `worker_processes ${options.workers ?? 1};
pid ${file("nginx.pid")};
error_log ${file("error.log")} warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${file("client_body")};
  proxy_temp_path ${file("proxy")};
  fastcgi_temp_path ${file("fastcgi")};
  uwsgi_temp_path ${file("uwsgi")};
  scgi_temp_path ${file("scgi")};
${options.http}
}
`;
  writeFileSync(file("nginx.conf"), config);
  const child = spawn(
    options.binary,
    ["-p", dir, "-c", file("nginx.conf"), "-e", file("error.log"), "-g", "daemon off;"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  const errorLog = () => {
    try {
      return stderr + readFileSync(file("error.log"), "utf8");
    } catch {
      return stderr;
    }
  };
  const stop = async () => {
    if (!running) return;
    child.kill("SIGQUIT");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (!running) throw new Error(`nginx exited at start:\n${errorLog()}`);
    if (await answers(`${url}${options.probePath ?? "/"}`)) return { url, pid: child.pid ?? 0, errorLog, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer on ${url} within 10 s:\n${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url)).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}
