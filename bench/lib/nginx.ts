import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../tests/helpers/free-port.ts";
import { findNginx as locateNginx, NGINX_INSTALL_HINT, startNginx } from "../../tests/helpers/nginx.ts";
import { Unavailable, type Cleanup } from "./bench-main.ts";

/**
 * The nginx binary (NGINX_PATH, or the first `nginx` in /usr/sbin, /usr/local/sbin or PATH);
 * Unavailable without one.
 */
export function findNginx(): string {
  const binary = locateNginx();
  if (!binary)
    throw new Unavailable(
      `${process.env.NGINX_PATH ? `NGINX_PATH=${process.env.NGINX_PATH} is not an executable` : "nginx is not installed"}: ${NGINX_INSTALL_HINT}`,
    );
  return binary;
}

/**
 * nginx serving one file at `urlPath` with the given Content-Type (and Content-Encoding, when the
 * bytes are coded), from a minimal configuration in `dir`: `workers` workers (one per core is how
 * nginx is run), no access log, on 127.0.0.1 and a free port, in the foreground. Stopped (SIGQUIT
 * lets the workers finish) at clean-up.
 */
export async function startStaticNginx(
  cleanup: Cleanup,
  options: {
    binary: string;
    dir: string;
    urlPath: string;
    contentType: string;
    contentEncoding?: string;
    body: Uint8Array;
    workers: number;
  },
): Promise<{ url: string; pid: number }> {
  const root = path.join(options.dir, "www");
  mkdirSync(path.join(root, path.dirname(options.urlPath)), { recursive: true });
  writeFileSync(path.join(root, options.urlPath), options.body);
  const port = await freePort();
  const encoding = options.contentEncoding ? `add_header Content-Encoding ${options.contentEncoding};` : "";
  const nginx = await startNginx({
    binary: options.binary,
    dir: options.dir,
    port,
    workers: options.workers,
    probePath: options.urlPath,
    http: `  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { }
  default_type "${options.contentType}";
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${encoding}
  }`,
  });
  cleanup.add(() => nginx.stop());
  return { url: `${nginx.url}${options.urlPath}`, pid: nginx.pid };
}
