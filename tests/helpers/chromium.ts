import { accessSync, constants } from "node:fs";

/** Playwright's own browser download does not work on these machines: the tests drive Debian's Chromium. */
export const CHROMIUM_INSTALL_HINT =
  "Install Chromium with `apt-get update && apt-get install -y chromium` (it lands in /usr/bin/chromium), " +
  "or set CHROMIUM_PATH to a Chromium or Chrome executable.";

/** CHROMIUM_PATH when set (it must then exist), otherwise /usr/bin/chromium; null when neither is executable. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidate = env.CHROMIUM_PATH || "/usr/bin/chromium";
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return null;
  }
}

/**
 * How every browser of the tests and the benchmarks is launched: no sandbox (containers), no GPU, and
 * none of Chromium's own traffic (updates, sync, first-run pages, QUIC), which would add requests
 * and timings that are not the site's.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
