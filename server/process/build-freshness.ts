import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { PAGE_BUNDLES } from "../../common/pages/page-bundles.ts";
import { pageBundleFile } from "../pages/page-build.ts";

/**
 * What the page build is made from. server/ is not among them: the build holds none of its code
 * (vite-plugins/no-server-code.ts), pages call the server that runs from source, so an edit to
 * server/ is served by the next start without a build. server/core/version.ts is read by vite.config.ts
 * for the interface's build info.
 */
export const BUILD_SOURCES = [
  "app",
  "common",
  "public",
  "vite-plugins",
  "server/core/version.ts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestModification(entry: string): number {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestModification(path.join(entry, name))),
    stats.mtimeMs,
  );
}

/**
 * True when the build under `root` is missing, lacks one of its server bundles, or is older than
 * any of its sources.
 */
export function isBuildStale(root: string): boolean {
  let built: number;
  try {
    built = Math.min(...PAGE_BUNDLES.map((bundle) => statSync(pageBundleFile(root, bundle)).mtimeMs));
  } catch {
    return true;
  }
  return BUILD_SOURCES.some((source) => newestModification(path.join(root, source)) > built);
}
