import { spawnSync } from "node:child_process";
import path from "node:path";
import { isBuildStale } from "./build-freshness.ts";

/** `npm start`: rebuilds the site when the build is missing or older than its sources, then serves it. */
const root = path.resolve(import.meta.dirname, "../..");
if (isBuildStale(root)) {
  console.log("Building the site (the build is missing or older than its sources)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("./index.ts");
