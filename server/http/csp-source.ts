import { createHash } from "node:crypto";

/** A CSP source allowing exactly this inline script or style. */
export function sha256Source(content: string | Uint8Array): string {
  const hash = createHash("sha256");
  return `'sha256-${(typeof content === "string" ? hash.update(content, "utf8") : hash.update(content)).digest("base64")}'`;
}
