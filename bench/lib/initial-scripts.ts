import path from "node:path";
import { gzipSync } from "node:zlib";
import { deferredModules } from "../../app/lib/scripts-after-paint.ts";
import { get, getBytes } from "./pages.ts";

/** What admin code or styles would be called, or contain (the admin module, Mantine, TipTap). */
const ADMIN_MARK = /admin|mantine|tiptap/i;
const ADMIN_CODE = /@mantine|--mantine-|tiptap|ProseMirror/;

/**
 * The scripts the server-rendered HTML makes the browser load to hydrate, and its stylesheets: the
 * modules its loader preloads once the largest picture is painted (app/lib/scripts-after-paint.ts),
 * or, in a build from before that, its module preloads and module scripts.
 */
export function initialAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>(deferredModules(html));
  for (const [, href = ""] of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g))
    scripts.add(href);
  for (const [, src = ""] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) scripts.add(src);
  for (const [, body = ""] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    // `import "x"`, `import * as route0 from "x"` and the entry's `import("x")`.
    for (const [, specifier = ""] of body.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?\(?\s*"([^"]+)"/g))
      scripts.add(specifier);
  }
  const styles = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map(
    ([, href = ""]) => href,
  );
  return { scripts: [...scripts].filter(Boolean), styles };
}

export interface PageScripts {
  label: string;
  pathname: string;
  /** gzip size (node:zlib at its default level, as Vite reports it) of the initial scripts. */
  gzipBytes: number;
  chunks: { name: string; gzipBytes: number }[];
  /** gzip size of the page's stylesheets. */
  cssGzipBytes: number;
  /** Scripts or stylesheets of the admin module (by name or content). */
  adminHits: string[];
}

/** Weighs the initial scripts and stylesheets of `pathname` as the server renders it. */
export async function weighScripts(base: string, label: string, pathname: string): Promise<PageScripts> {
  const { scripts, styles } = initialAssets(await (await get(base, pathname)).text());
  const chunks = await Promise.all(
    scripts.map(async (script) => {
      const bytes = await getBytes(base, script);
      return { name: path.basename(script), gzipBytes: gzipSync(bytes).length, text: bytes.toString("utf8") };
    }),
  );
  const stylesheets = await Promise.all(
    styles.map(async (href) => {
      const bytes = await getBytes(base, href);
      return { name: path.basename(href), gzipBytes: gzipSync(bytes).length, text: bytes.toString("utf8") };
    }),
  );
  const adminHits = [...chunks, ...stylesheets]
    .filter((file) => ADMIN_MARK.test(file.name) || ADMIN_CODE.test(file.text))
    .map((file) => file.name);
  return {
    label,
    pathname,
    gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    chunks: chunks.map(({ name, gzipBytes }) => ({ name, gzipBytes })),
    cssGzipBytes: stylesheets.reduce((sum, sheet) => sum + sheet.gzipBytes, 0),
    adminHits,
  };
}
