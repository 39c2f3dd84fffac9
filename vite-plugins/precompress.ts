import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** What is worth coding: text, scripts, styles, JSON, XML, SVG, source maps, web manifests. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|json|svg|xml|txt|map|webmanifest)$/i;
const MIN_BYTES = 1024;
/** Vite's records of the build (`.vite/manifest.json`, removed by React Router once read), never served. */
const BUILD_RECORDS = /^\.vite[\\/]/;

/**
 * Writes `file.br` (brotli at maximum quality) and `file.gz` (gzip level 9) beside every
 * compressible file of the client build, once, at build time: the server then serves those bytes
 * (server/http/static-files.ts) and never compresses an asset per request. A coding that would not
 * be smaller is not written.
 */
export function precompress(): Plugin {
  return {
    name: "utilaje-precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    // After every other file of the build is written (the service worker included).
    writeBundle: {
      sequential: true,
      order: "post",
      handler(options) {
        const outDir = options.dir;
        if (!outDir) return;
        for (const file of readdirSync(outDir, { recursive: true, encoding: "utf8" })) {
          const full = path.join(outDir, file);
          if (!COMPRESSIBLE_FILE.test(file) || BUILD_RECORDS.test(file) || !statSync(full).isFile()) continue;
          const bytes = readFileSync(full);
          if (bytes.byteLength < MIN_BYTES) continue;
          const br = brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
            },
          });
          const gz = gzipSync(bytes, { level: 9 });
          if (br.byteLength < bytes.byteLength) writeFileSync(`${full}.br`, br);
          if (gz.byteLength < bytes.byteLength) writeFileSync(`${full}.gz`, gz);
        }
      },
    },
  };
}
