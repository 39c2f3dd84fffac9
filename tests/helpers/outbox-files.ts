import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { outboxDirectory } from "../../server/mail/delivery.ts";

/** The messages written as .eml files (no SMTP_URL) to `dataDir`'s outbox, full paths; none before the first. */
export function emlFiles(dataDir: string): string[] {
  const directory = outboxDirectory(dataDir);
  return existsSync(directory)
    ? readdirSync(directory)
        .filter((name) => name.endsWith(".eml"))
        .map((name) => path.join(directory, name))
    : [];
}
