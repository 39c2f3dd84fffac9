import { createHash } from "node:crypto";

/** A CSP source allowing exactly this inline script or style. */
export function sha256Source(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}
