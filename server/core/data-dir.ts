import { mkdirSync } from "node:fs";
import type { Settings } from "./config.ts";

/**
 * The start-up step that touches the disk before anything else: DATA_DIR is created, readable by the
 * server's user only. The server and the CLI commands that open the database call it.
 */
export function prepareDataDir(settings: Settings): Settings {
  mkdirSync(settings.DATA_DIR, { recursive: true, mode: 0o700 });
  return settings;
}
