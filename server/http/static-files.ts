import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { getMimeType } from "hono/utils/mime";
import { representations, type Representations } from "./representations.ts";
import { staticFilePolicy } from "./static-file-policy.ts";

/** Hashed build assets never change under their name; the other public files may. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATED = "public, max-age=3600";
/** The service worker (vite-plugins/service-worker.ts): a new version must be seen at the next check. */
const SERVICE_WORKER = { path: "/sw.js", cacheControl: "no-cache" };

/**
 * The client build (build/client) held in memory, each file in every coding the build wrote beside
 * it (`.br`, `.gz`, see vite-plugins/precompress.ts), keyed by URL path. It is small (about half a
 * megabyte) and known at start, so a request for an asset is a map lookup, and a page request never
 * touches the disk. Dot-directories (Vite's manifest) and the coded copies themselves are not served.
 */
export async function loadStaticFiles(clientDir: string): Promise<Map<string, Representations>> {
  const files = new Map<string, Representations>();
  for (const file of readdirSync(clientDir, { recursive: true, encoding: "utf8" })) {
    const urlPath = `/${file.split(path.sep).join("/")}`;
    const full = path.join(clientDir, file);
    if (/\/\.|\.(?:br|gz)$/.test(urlPath) || !statSync(full).isFile()) continue;
    const coded = (extension: string) =>
      existsSync(full + extension) ? new Uint8Array(readFileSync(full + extension)) : undefined;
    const headers = new Headers({
      "Content-Type": getMimeType(full) ?? "application/octet-stream",
      "Cache-Control":
        urlPath === SERVICE_WORKER.path
          ? SERVICE_WORKER.cacheControl
          : urlPath.startsWith("/assets/")
            ? IMMUTABLE
            : REVALIDATED,
    });
    const body = new Uint8Array(readFileSync(full));
    const policy = staticFilePolicy(urlPath, body);
    if (policy) headers.set("Content-Security-Policy", policy);
    const br = coded(".br");
    const gzip = coded(".gz");
    files.set(
      urlPath,
      await representations({
        headers,
        body,
        // Made at build time; a file the build did not code (a development copy) is coded once here.
        coded: { ...(br && { br }), ...(gzip && { gzip }) },
        effort: "fast",
      }),
    );
  }
  return files;
}
