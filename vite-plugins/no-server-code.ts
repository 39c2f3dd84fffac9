import path from "node:path";
import type { Plugin } from "vite";

/** What a chunk of the bundle says of itself: its file and the modules bundled into it. */
interface BundledChunk {
  type: "chunk" | "asset";
  fileName: string;
  moduleIds?: readonly string[];
}

/**
 * The modules of `serverDir` bundled into any chunk. Loaders and actions reach the server through
 * the services of their router context and import only its types
 * (docs/decisions/043-pages-reach-the-server-through-their-router.md), so the page build should hold none: a copy would
 * run beside the server's own, stale after an edit to server/ and with classes of its own.
 */
export function serverModulesIn(bundle: Record<string, BundledChunk>, serverDir: string): string[] {
  const inside = serverDir.endsWith(path.sep) ? serverDir : serverDir + path.sep;
  const found = new Set<string>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== "chunk") continue;
    for (const id of chunk.moduleIds ?? []) {
      // Virtual and query-suffixed ids (`\0…`, `…?inline`) name their file first.
      const file = id.replace(/^\0/, "").replace(/\?.*$/, "");
      if (file.startsWith(inside)) found.add(path.relative(path.dirname(inside), file));
    }
  }
  return [...found].sort();
}

/**
 * Fails the build when any bundle, the browser's or one of the page server's (react-router.config.ts
 * `serverBundles`: each is a Vite environment of its own, and the hook runs in every environment),
 * holds a module of server/.
 */
export function noServerCode(serverDir: string): Plugin {
  return {
    name: "utilaje-no-server-code",
    apply: "build",
    generateBundle(_options, bundle) {
      const modules = serverModulesIn(bundle as Record<string, BundledChunk>, serverDir);
      if (modules.length > 0) {
        this.error(
          `The ${this.environment.name} build holds server code (${modules.join(", ")}): app/ may import only types from server/ and call it through servicesOf(context).`,
        );
      }
    },
  };
}
