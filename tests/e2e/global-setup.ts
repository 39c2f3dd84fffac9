import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSite } from "./site.ts";

/**
 * Makes the template every browser test's server starts from: a data directory migrated and
 * seeded with the demo catalogue once (seeding takes seconds; copying the directory a few
 * milliseconds). Its path reaches the workers in E2E_TEMPLATE_DIR; the teardown removes it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const templateDir = mkdtempSync(path.join(tmpdir(), "utilaje-e2e-template-"));
  try {
    const site = await startSite({ dataDir: templateDir, seedDemo: true });
    await site.close();
    process.env.E2E_TEMPLATE_DIR = templateDir;
    return async () => rmSync(templateDir, { recursive: true, force: true });
  } catch (error) {
    rmSync(templateDir, { recursive: true, force: true });
    throw error;
  }
}
