import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PAGE_BUNDLES } from "../../common/pages/page-bundles.ts";
import { isBuildStale } from "../../server/process/build-freshness.ts";

let root: string;
const BUILT = new Date("2026-11-25T10:00:00Z");

/** Writes `file` under the temporary project, last modified at `at`. */
function write(file: string, at: Date): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, "x");
  utimesSync(full, at, at);
  // A new entry also touches its folders; they count as sources too.
  for (let dir = path.dirname(full); dir.startsWith(root) && dir !== root; dir = path.dirname(dir))
    utimesSync(dir, BUILT, BUILT);
}

/** The page build's server bundles, written at `BUILT`. */
function writeBuild(): void {
  for (const bundle of PAGE_BUNDLES) write(`build/server/${bundle}/index.js`, BUILT);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "utilaje-freshness-"));
  for (const file of ["app/root.tsx", "common/text/slug.ts", "server/app.ts", "package.json"])
    write(file, new Date(BUILT.getTime() - 60_000));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("isBuildStale (npm start's rebuild decision)", () => {
  it("is stale without a build", () => {
    expect(isBuildStale(root)).toBe(true);
  });

  it("is fresh when the build is newer than every source", () => {
    writeBuild();
    expect(isBuildStale(root)).toBe(false);
  });

  it("is stale when a server bundle is missing (a build from before the admin had its own)", () => {
    write("build/server/index.js", BUILT);
    expect(isBuildStale(root)).toBe(true);
    write("build/server/public/index.js", BUILT);
    expect(isBuildStale(root)).toBe(true);
  });

  it("is stale after a change to app/, common/ or the build's configuration", () => {
    writeBuild();
    for (const file of ["app/routes/home.tsx", "common/leads/contact-schema.ts", "vite-plugins/precompress.ts"]) {
      write(file, new Date(BUILT.getTime() + 1000));
      expect(isBuildStale(root), file).toBe(true);
      rmSync(path.join(root, file));
      utimesSync(path.join(root, path.dirname(file)), BUILT, BUILT);
    }
  });

  it("needs no build after a change to server/: the build holds none of it, the server runs from source", () => {
    writeBuild();
    write("server/leads/store-request.ts", new Date(BUILT.getTime() + 1000));
    expect(isBuildStale(root)).toBe(false);
  });
});
