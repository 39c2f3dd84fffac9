import { execFileSync } from "node:child_process";
import { existsSync, globSync, readFileSync } from "node:fs";
import path from "node:path";
import { namedPaths } from "./doc-paths.ts";

/**
 * `npm run lint:docs`: every repository path that a Markdown file of the repository names (in backticks,
 * in a fenced block, or as a relative link) exists, so that the README, the decisions and the benches'
 * notes never send a reader to a file that moved. Prints each one that does not, and exits 1.
 */

const root = path.resolve(import.meta.dirname, "../..");

function exists(repoPath: string): boolean {
  if (/[*{]/.test(repoPath)) return globSync(repoPath, { cwd: root }).length > 0;
  return existsSync(path.join(root, repoPath));
}

const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", "*.md"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => file !== "" && existsSync(path.join(root, file)));

let missing = 0;
for (const file of files) {
  const markdown = readFileSync(path.join(root, file), "utf8");
  for (const named of namedPaths(markdown, path.posix.dirname(file).replace(/^\.$/, ""))) {
    if (exists(named.path)) continue;
    missing += 1;
    console.error(`${file}:${named.line}: ${named.written} names ${named.path}, which does not exist`);
  }
}
if (missing > 0) {
  console.error(`\n${missing} path(s) named in the docs do not exist: name the file where it is now.`);
  process.exitCode = 1;
}
