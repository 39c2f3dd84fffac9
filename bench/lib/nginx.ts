import { spawn } from "node:child_process";
import { accessSync, chmodSync, constants, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../tests/helpers/free-port.ts";
import { Unavailable, type Cleanup } from "./bench-main.ts";

const INSTALL_HINT = "install it with `apt-get install -y nginx-light` (Debian/Ubuntu), or name its binary in BENCH_NGINX";

/** The nginx binary: BENCH_NGINX, or the first `nginx` in /usr/sbin, /usr/local/sbin or PATH. */
export function findNginx(): string {
  const named = process.env.BENCH_NGINX;
  const dirs = ["/usr/sbin", "/usr/local/sbin", ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean)];
  for (const candidate of named ? [named] : dirs.map((dir) => path.join(dir, "nginx"))) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not there: try the next place.
    }
  }
  throw new Unavailable(`${named ? `BENCH_NGINX=${named} is not an executable` : "nginx is not installed"}: ${INSTALL_HINT}`);
}

/**
 * nginx serving one file at `urlPath` with the given Content-Type (and Content-Encoding, when the
 * bytes are coded), from a minimal configuration in `dir`: `workers` workers (one per core is how
 * nginx is run), no access log, on 127.0.0.1 and a free port, in the foreground. Stopped (SIGQUIT
 * lets the workers finish) at clean-up.
 */
export async function startStaticNginx(
  cleanup: Cleanup,
  options: { binary: string; dir: string; urlPath: string; contentType: string; contentEncoding?: string; body: Uint8Array; workers: number },
): Promise<{ url: string; pid: number }> {
  const { dir } = options;
  const root = path.join(dir, "www");
  mkdirSync(path.join(root, path.dirname(options.urlPath)), { recursive: true });
  writeFileSync(path.join(root, options.urlPath), options.body);
  // A worker started by root runs as nobody: it must be able to read the file in the private temp dir.
  for (const readable of [dir, root]) chmodSync(readable, 0o755);
  const port = await freePort();
  const temp = (name: string) => path.join(dir, name);
  const encoding = options.contentEncoding ? `add_header Content-Encoding ${options.contentEncoding};` : "";
  const config = `worker_processes ${options.workers};
pid ${temp("nginx.pid")};
error_log ${temp("error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${temp("client_body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  types { }
  default_type "${options.contentType}";
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${encoding}
  }
}
`;
  const configFile = temp("nginx.conf");
  writeFileSync(configFile, config);
  const child = spawn(options.binary, ["-p", dir, "-c", configFile, "-e", temp("error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));
  cleanup.add(async () => {
    if (!running) return;
    child.kill("SIGQUIT");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  });

  const url = `http://127.0.0.1:${port}${options.urlPath}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (!running) throw new Error(`nginx exited at start:\n${stderr}${readLog(temp("error.log"))}`);
    if (await answers(url)) return { url, pid: child.pid ?? 0 };
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url} within 10 s:\n${readLog(temp("error.log"))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function readLog(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
