import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config, Settings } from "./config.ts";

/**
 * The start-up step that touches the disk before anything else: DATA_DIR is created (readable by the
 * server's user only) and, when JWT_SECRET is not set, a secret is generated once and kept there, so
 * tokens survive restarts. The server and the CLI commands that open the database call it.
 */
export function prepareDataDir(settings: Settings): Config {
  mkdirSync(settings.DATA_DIR, { recursive: true, mode: 0o700 });
  return { ...settings, JWT_SECRET: settings.JWT_SECRET ?? persistedSecret(settings.DATA_DIR) };
}

function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // First start: no secret yet.
  }
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
