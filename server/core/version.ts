import { execFileSync } from "node:child_process";
import type { VersionView } from "../../common/catalogue/catalogue-views.ts";
import packageJson from "../../package.json" with { type: "json" };

function git(args: string[], cwd: string): string | null {
  try {
    const out = execFileSync("git", args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5000,
    });
    return out.trim();
  } catch {
    return null;
  }
}

/** Read once at start: the package version plus what git knows of the checkout (nulls without git). */
export function readVersion(cwd: string): VersionView {
  const log = git(["log", "-1", "--format=%h%x00%s%x00%at%x00%ct"], cwd);
  const [shortHash, subject, authored, committed] = log ? log.split("\0") : [];
  const branch = git(["rev-parse", "--abbrev-ref", "HEAD"], cwd);
  const tags = git(["tag", "--points-at", "HEAD"], cwd);
  return {
    version: packageJson.version,
    default: {
      shortHash: shortHash || null,
      subject: subject ?? null,
      authoredOn: authored ? Number(authored) : null,
      committedOn: committed ? Number(committed) : null,
      branch: branch && branch !== "HEAD" ? branch : null,
      tags: tags ? tags.split("\n").filter(Boolean) : [],
    },
  };
}

/** The version as the Stare page and the instances' heartbeats show it: the package's, with the commit when known. */
export function versionLabel(view: VersionView): string {
  return view.default.shortHash ? `${view.version} (${view.default.shortHash})` : view.version;
}
