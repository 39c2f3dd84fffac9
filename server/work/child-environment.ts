/**
 * The environment a child process of the server starts with: what Node, the C library and the
 * system tools need to run (the search path, the home and temporary folders, the time zone, the
 * locale, the allocator's settings, the compile cache), never the parent's own settings. A child
 * runs a supplier's workbook, an uploaded picture, a drawn sheet: whatever it is made to run must
 * find no secret to read (the JWT secret, the backup's key, the S3 secret, METRICS_TOKEN, SMTP_URL's
 * password, DATABASE_URL). What a job needs of the settings travels in its input; a pool whose
 * children need more names the variables' prefixes (`also`).
 */

const RUNTIME_NAMES = new Set([
  "PATH",
  "HOME",
  "TMPDIR",
  "TMP",
  "TEMP",
  "TZ",
  "LANG",
  "LANGUAGE",
  "NODE_COMPILE_CACHE",
]);
const RUNTIME_PREFIXES = ["LC_", "MALLOC_"];

export function childEnvironment(env: NodeJS.ProcessEnv, also: readonly string[] = []): NodeJS.ProcessEnv {
  const kept = (name: string) =>
    RUNTIME_NAMES.has(name) || [...RUNTIME_PREFIXES, ...also].some((prefix) => name.startsWith(prefix));
  return Object.fromEntries(Object.entries(env).filter(([name]) => kept(name)));
}
