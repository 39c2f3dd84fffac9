import { randomUUID } from "node:crypto";
import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { UUID_PATTERN } from "../../common/fields/field-rules.ts";
import type { CategoryCreateInput, CategoryUpdateInput } from "../../common/schemas/category.ts";
import { toSlug } from "../../common/text/slug.ts";
import {
  deleteCategory,
  findCategoryById,
  findCategoryBySlug,
  insertCategory,
  updateCategory,
} from "../db/repositories/categories.ts";
import { withDuplicatesAs } from "../db/unique-violation.ts";
import { HttpError, notFound } from "../core/errors.ts";
import type { CatalogueServices } from "./services.ts";
import { EditConflict } from "../writes/edit-conflict.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import { categoryById } from "./read.ts";
import { replaceSpecifications } from "./writes-specifications.ts";
import { changedFieldsSummary } from "./change-summary.ts";
import { trashCategory } from "../trash/move-to-trash.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { recordRevision, restoreWords, revisionBaseline, type RevisionRestore } from "../revisions/record-revision.ts";

/**
 * The admin's category calls (spec §7): names unique case-insensitively through their slug; the
 * specifications, when the payload gives them, replaced in the same transaction (decision 057).
 */

const duplicate = () => new HttpError(409, "ERROR_CATEGORY_EXIST");

async function view(services: Pick<CatalogueServices, "db">, id: string): Promise<CategoryView> {
  const category = await categoryById(services.db, id);
  if (!category) throw new Error(`Category ${id} vanished after it was written`);
  return category;
}

export async function createCategory(
  services: CatalogueServices,
  actor: Actor,
  input: CategoryCreateInput,
): Promise<CategoryView> {
  const slug = toSlug(input.name);
  if (await findCategoryBySlug(services.db, slug)) throw duplicate();
  const id = randomUUID();
  const now = new Date().toISOString();
  const write = () =>
    writeAndRenewPages(services, async (trx) => {
      await insertCategory(trx, {
        id,
        name: input.name,
        name_en: input.name_en ?? "",
        slug,
        header_image_id: null,
        created_at: now,
        updated_at: now,
      });
      if (input.specifications) await replaceSpecifications(trx, id, input.specifications, false, now);
      await logActivity(trx, actor, {
        action: "create",
        kind: "category",
        itemId: id,
        itemName: input.name,
        summary: `Categorie adaugata cu ${input.specifications?.length ?? 0} specificatii`,
      });
      await recordRevision(trx, actor, { kind: "category", id }, { action: "create" });
    });
  await withDuplicatesAs(write, duplicate);
  return view(services, id);
}

/** A save of the category's form, or the restore of one of its revisions (decision 078). */
export async function renameCategory(
  services: CatalogueServices,
  actor: Actor,
  input: CategoryUpdateInput,
  restore?: Pick<RevisionRestore, "at">,
): Promise<CategoryView> {
  if (!UUID_PATTERN.test(input.uuid)) throw notFound("ERROR_UPDATE_CATEGORY");
  const id = input.uuid.toLowerCase();
  const slug = toSlug(input.name);
  const other = await findCategoryBySlug(services.db, slug);
  if (other && other.id !== id) throw duplicate();
  const now = new Date().toISOString();
  const write = () =>
    writeAndRenewPages(services, async (trx) => {
      // Without name_en or specifications (spec §7's payload) they stay as they are.
      // First, so that a save based on an old version changes nothing, its specifications included.
      const before = await findCategoryById(trx, id);
      const baseline = await revisionBaseline(trx, { kind: "category", id });
      const changed = await updateCategory(
        trx,
        id,
        { name: input.name, name_en: input.name_en, slug, updated_at: now },
        input.version,
      );
      if (!changed) {
        const row = await findCategoryById(trx, id);
        if (!row) throw notFound("ERROR_UPDATE_CATEGORY");
        throw new EditConflict(await view({ db: trx }, id), row.updated_at);
      }
      if (input.specifications)
        await replaceSpecifications(trx, id, input.specifications, input.confirm_value_changes === true, now);
      const changedWords = changedFieldsSummary(
        before ?? {},
        { name: input.name, name_en: input.name_en },
        { name: "numele", name_en: "numele (EN)" },
        input.specifications ? ["specificatiile"] : [],
      );
      const words = restore && restoreWords(restore);
      await logActivity(trx, actor, {
        action: words ? "restore" : "update",
        kind: "category",
        itemId: id,
        itemName: input.name,
        summary: words ? `${words} din Istoric. ${changedWords}` : changedWords,
      });
      await recordRevision(
        trx,
        actor,
        { kind: "category", id },
        words ? { baseline, action: "restore", summary: words } : { baseline },
      );
    });
  await withDuplicatesAs(write, duplicate);
  return view(services, id);
}

/**
 * The category goes to the trash (decision 074) with its specifications, options and values; its
 * products stay, without a category ('Necunoscut', spec §2), until it is restored.
 */
export async function removeCategory(services: CatalogueServices, actor: Actor, id: string): Promise<void> {
  await writeAndRenewPages(services, async (trx) => {
    const category = await findCategoryById(trx, id);
    if (!category) throw notFound("ERROR_DELETE_CATEGORY");
    await trashCategory(trx, actor, category);
    await deleteCategory(trx, id);
    await logActivity(trx, actor, {
      action: "delete",
      kind: "category",
      itemId: id,
      itemName: category.name,
      summary: "Categorie mutata in Cos, cu specificatiile ei; utilajele ei raman fara categorie",
    });
  });
}
