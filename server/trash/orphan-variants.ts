import { missingImageIds } from "../db/repositories/images.ts";
import { imagesWithVariants, removeVariants } from "../media/variants.ts";
import type { TrashServices } from "./services.ts";

/**
 * The variant files of pictures whose rows are gone: a purge (or any picture delete) cut short
 * between its commit and the files' removal leaves them; the next sweep removes them.
 */
export async function sweepOrphanVariants(services: Pick<TrashServices, "db" | "config">): Promise<number> {
  const orphans = await missingImageIds(services.db, await imagesWithVariants(services.config.DATA_DIR));
  await removeVariants(services.config.DATA_DIR, orphans);
  return orphans.length;
}
