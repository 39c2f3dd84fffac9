import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** `npm start`: rebuilds the site when the build is missing or older than its sources, then serves it. */
const root = path.resolve(import.meta.dirname, "..");
const buildMarker = path.join(root, "build", "server", "index.js");
const sources = ["app", "common", "public", "package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestModification(entry: string): number {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestModification(path.join(entry, name))), stats.mtimeMs);
}

function buildTime(): number {
  try {
    return statSync(buildMarker).mtimeMs;
  } catch {
    return -1;
  }
}

const sourceTime = Math.max(...sources.map((name) => newestModification(path.join(root, name))));
if (buildTime() < sourceTime) {
  console.log("Building the site (the build is missing or older than its sources)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("./index.ts");
