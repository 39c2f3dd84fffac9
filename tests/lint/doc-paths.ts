/**
 * The repository paths a Markdown text names: every whitespace-separated token of a backticked span or a
 * fenced block that starts with one of the repository's top folders (`server/app.ts`, `bench/*.ts` in
 * `node bench/run.ts`), and every relative link's target (`[operations](docs/operations.md)`). Pure: the
 * caller checks that each exists (`check-doc-paths.ts`), so docs cannot go on naming files that moved.
 */

/** The folders a path in our docs starts from; a bare file name (`trash.ts`) is read against a path named before it. */
const TOP_FOLDERS = ["app", "server", "common", "tests", "bench", "docs", "deploy", "vite-plugins", "public", ".ci"];

/** Made at run time or by the build inside a top folder, never in a clean clone: named by the docs, never checked. */
const GENERATED = ["bench/results/", "app/+types/"];

/** A placeholder stands for many paths (`docs/decisions/NNN-slug.md`, `bench/results/<bench>.json`). */
const PLACEHOLDER = /[<>…$]|NNN|\.\.\./;

export interface NamedPath {
  /** As written, for the message. */
  written: string;
  /** Relative to the repository's root, without anchor, line number or query; may hold `*` and `{a,b}`. */
  path: string;
  line: number;
}

const topFolder = new RegExp(`^(?:\\./)?(?:${TOP_FOLDERS.map((f) => f.replace(".", "\\.")).join("|")})/`);

/** `server/app.ts:12`, `(see server/app.ts),` → `server/app.ts`; undefined when the token is no checkable path. */
function pathOfToken(token: string): string | undefined {
  const bare = token
    .replace(/^[("'[]+/, "")
    .replace(/['’]s$/, "")
    .replace(/[)"',;:.\]]+$/, "")
    .replace(/[#?].*$/, "")
    .replace(/:\d+(?::\d+)?$/, "")
    .replace(/^\.\//, "");
  if (!topFolder.test(bare) || PLACEHOLDER.test(bare)) return undefined;
  if (GENERATED.some((prefix) => bare.startsWith(prefix))) return undefined;
  return bare;
}

/** The relative link targets of a Markdown line, resolved against the file's folder (repository-relative). */
function linkTargets(line: string, fileDir: string): string[] {
  const targets: string[] = [];
  for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1].replace(/#.*$/, "");
    if (target === "" || /^[a-z][a-z+.-]*:/i.test(target)) continue;
    const parts: string[] = fileDir === "" ? [] : fileDir.split("/");
    for (const part of target.split("/")) {
      if (part === "..") {
        // A link out of the repository (`../shared/spec/SPEC.md`, beside a checkout) is not ours to check.
        if (parts.length === 0) return targets;
        parts.pop();
      } else if (part !== "." && part !== "") parts.push(part);
    }
    targets.push(parts.join("/"));
  }
  return targets;
}

/** Every path `markdown` names; `fileDir` is the file's folder relative to the repository's root. */
export function namedPaths(markdown: string, fileDir: string): NamedPath[] {
  const found: NamedPath[] = [];
  const add = (text: string, line: number) => {
    for (const token of text.split(/\s+/)) {
      const path = pathOfToken(token);
      if (path) found.push({ written: token, path, line });
    }
  };
  // Fenced blocks are read line by line; the prose between them as a whole, since a code span may wrap.
  let prose: { lines: string[]; firstLine: number } = { lines: [], firstLine: 1 };
  const readProse = () => {
    const text = prose.lines.join("\n");
    const lineAt = (offset: number) => prose.firstLine + (text.slice(0, offset).match(/\n/g)?.length ?? 0);
    for (const span of text.matchAll(/(`+)([^`][\s\S]*?)\1(?!`)/g)) add(span[2], lineAt(span.index));
    const withoutSpans = text.replace(/(`+)[^`][\s\S]*?\1(?!`)/g, (span) => span.replace(/[^\n]/g, " "));
    withoutSpans.split("\n").forEach((lineText, index) => {
      for (const path of linkTargets(lineText, fileDir))
        found.push({ written: path, path, line: prose.firstLine + index });
    });
  };
  let fence: string | undefined;
  markdown.split("\n").forEach((text, index) => {
    const line = index + 1;
    // A fence opens with three or more backticks (or tildes) and no backtick after them; it closes with as many.
    const marker = /^\s*(`{3,}|~{3,})[^`]*$/.exec(text)?.[1];
    if (fence === undefined && marker) {
      readProse();
      fence = marker;
    } else if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker) {
        fence = undefined;
        prose = { lines: [], firstLine: line + 1 };
      } else add(text, line);
    } else prose.lines.push(text);
  });
  readProse();
  return found;
}
