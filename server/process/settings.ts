import { enableCompileCache, flushCompileCache } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";

/**
 * What the server's Node.js process starts with (docs/operations.md § Memory, decision 50). They are
 * the project's, not the operator's: `npm start` and the systemd unit both run server/process/index.ts,
 * which replaces itself by the server's process with them.
 */

/** V8's heap, sized for a small server rather than for the machine V8 finds itself on. */
export const NODE_FLAGS: readonly string[] = [
  // The young generation: V8 sizes it from the machine's memory (128 MB on a 24 GB machine). Half
  // of that costs no throughput under uncached pages; 32 MB cost 3 % more CPU per page, 16 MB 20 %
  // (a render allocates a few MB: a smaller young generation promotes what is alive mid-render).
  "--max-semi-space-size=32",
  // The old generation grows to 2 × what was alive after a full collection before the next one,
  // where V8 allows up to 4 × on a machine with much memory, which a busy server reached (150 MB
  // for 35 MB alive); 1.5 × cost 10 % more CPU per page.
  "--heap-growing-percent=100",
  // The server collects its heap itself around a large upload and after an export
  // (server/core/collect-garbage.ts): the 60 MB of a banner set's base64 and its pictures' buffers,
  // a picture's bytes at the end of its turn, an export's chunks once it has left.
  "--expose-gc",
];

/**
 * glibc's allocator (decision 40): two arenas instead of eight per core, and blocks of 128 KB and
 * more mapped on their own and given back when freed. An environment that sets any MALLOC_
 * variable itself keeps its own settings.
 */
export const ALLOCATOR_SETTINGS: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
};

/** The environment of the server's process: `env`, the allocator's settings and the compile cache. */
export function serverEnvironment(env: NodeJS.ProcessEnv, compileCache: string): NodeJS.ProcessEnv {
  const ownAllocator = Object.keys(env).some((name) => name.startsWith("MALLOC_"));
  return { ...env, ...(ownAllocator ? {} : ALLOCATOR_SETTINGS), NODE_COMPILE_CACHE: compileCache };
}

/**
 * Replaces this process by `node NODE_FLAGS… entry` (same pid, arguments and environment, plus
 * serverEnvironment's). The entry and every module it imports are loaded here first, into Node's
 * compile cache, so the server's process finds them all compiled, its TypeScript already stripped:
 * it then never loads the type stripper (amaro, about 15 MB that would stay for the process's life).
 */
export async function execServer(entry: URL): Promise<never> {
  const compileCache =
    process.env.NODE_COMPILE_CACHE || path.join(tmpdir(), `utilaje-compile-cache-${process.getuid?.() ?? 0}`);
  // A flag this process was given itself (an operator's, a bench's) wins over the project's.
  const flags = NODE_FLAGS.filter((flag) => !process.execArgv.some((given) => flagName(given) === flagName(flag)));
  // The cache keeps code apart by the V8 flags it was compiled under (some of NODE_FLAGS among
  // them): compiled here under the server's, it is found by the server's process.
  for (const flag of flags) setFlagsFromString(flag);
  enableCompileCache(compileCache);
  await import(entry.href);
  flushCompileCache();
  if (!process.execve) throw new Error("this platform cannot start the server's process (process.execve is missing)");
  const args = [...flags, ...process.execArgv, fileURLToPath(entry), ...process.argv.slice(2)];
  return process.execve(process.execPath, [process.execPath, ...args], serverEnvironment(process.env, compileCache));
}

/** `--max-semi-space-size` of `--max_semi_space_size=8`: V8 reads - and _ alike. */
function flagName(flag: string): string {
  return flag.split("=")[0].replaceAll("_", "-");
}
