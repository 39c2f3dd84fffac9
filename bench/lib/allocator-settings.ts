import { tmpdir } from "node:os";
import { unitEnvironment } from "../../tests/helpers/deployment.ts";

/**
 * glibc's allocator settings (`MALLOC_*`) of the systemd unit in docs/operations.md, read from the
 * page as the deployment test reads it, and the same without one of them: what a bench compares.
 */
export function unitMallocSettings(without?: string): Record<string, string> {
  const unit = unitEnvironment(3001, tmpdir());
  return Object.fromEntries(Object.entries(unit).filter(([name]) => name.startsWith("MALLOC_") && name !== without));
}

/** The environment of a child process with exactly `settings` as its `MALLOC_*`. */
export function withMallocSettings(env: NodeJS.ProcessEnv, settings: Record<string, string>): NodeJS.ProcessEnv {
  const result = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("MALLOC_")));
  return { ...result, ...settings };
}
