import type { Kysely } from "kysely";
import { productTextsOf } from "../../common/language/product-texts.ts";
import type { RevisionRestoreInput, RevisionRestored } from "../../common/revisions/revision-schemas.ts";
import { CONFIGURATION_KEYS } from "../../common/schemas/configuration-keys.ts";
import { categoryUpdateSchema } from "../../common/schemas/category.ts";
import { configurationUpdateSchema } from "../../common/schemas/configuration.ts";
import { productUpdateSchema } from "../../common/schemas/product.ts";
import type { Actor } from "../activity/activity-log.ts";
import { HttpError } from "../core/errors.ts";
import { validated } from "../core/validation.ts";
import { findCategoryById } from "../db/repositories/categories.ts";
import { findImageMetas } from "../db/repositories/images.ts";
import { findProductById } from "../db/repositories/products.ts";
import { findRevision } from "../db/repositories/revisions.ts";
import { categoryDefinitionRows } from "../db/repositories/specifications.ts";
import type { Database } from "../db/schema.ts";
import { revisionNotFound, type RevisionKindGuard } from "../revisions/revision-list.ts";
import { decodeState } from "../revisions/revision-state.ts";
import { productPictureIds, type CategoryState, type ProductState } from "../snapshots/item-states.ts";
import type { CatalogueServices } from "../catalogue/services.ts";
import { valuesStillTaken } from "../catalogue/specification-values.ts";
import { specificationView } from "../catalogue/specification-views.ts";
import { renameCategory } from "../catalogue/writes-categories.ts";
import { updateConfiguration } from "../catalogue/writes-configuration.ts";
import { changeProduct } from "../catalogue/writes-products.ts";
import { pricesOfRow } from "../catalogue/product-prices.ts";

/**
 * "Restaurati aceasta versiune" (decision 078): the revision's state sent again as the form's save,
 * through its schema and its write, so every rule of a normal save holds (the edit version of
 * decision 068 included), and the restore is itself a new revision: history is never rewritten.
 */

type Db = Kysely<Database>;

const gone = (code: "REVISION_ITEM_GONE" | "REVISION_CATEGORY_GONE" | "REVISION_PICTURES_GONE") =>
  new HttpError(409, code);

async function productPayload(db: Db, state: ProductState, input: RevisionRestoreInput) {
  const { product, gallery, values } = state;
  if (!(await findProductById(db, product.id))) throw gone("REVISION_ITEM_GONE");
  if (product.category_id === null || !(await findCategoryById(db, product.category_id)))
    throw gone("REVISION_CATEGORY_GONE");
  const pictures = productPictureIds(state);
  const stored = await findImageMetas(db, pictures);
  if (pictures.some((id) => !stored.has(id))) throw gone("REVISION_PICTURES_GONE");
  const picture = (id: string) => ({ uuid: id, alt: stored.get(id)?.alt ?? "" });
  const payload = await validated(productUpdateSchema, {
    uuid: product.id,
    version: input.version,
    model: product.model,
    category: product.category_id,
    ...productTextsOf(product),
    units: product.units,
    prices: pricesOfRow(product),
    confirm_overbooking: input.confirm_overbooking,
    header_photo: picture(product.header_image_id),
    gallery: gallery.map(picture),
    specifications: await valuesStillTaken(db, product.category_id, values),
  });
  return { payload, pictures };
}

async function categoryPayload(db: Db, state: CategoryState, input: RevisionRestoreInput) {
  const { category, specifications, options } = state;
  if (!(await findCategoryById(db, category.id))) throw gone("REVISION_ITEM_GONE");
  // Definitions and options removed since come back as new ones (their values went with them).
  const live = await categoryDefinitionRows(db, category.id);
  const liveSpecifications = new Set(live.specifications.map((row) => row.id));
  const liveOptions = new Set(live.options.map((row) => row.id));
  return validated(categoryUpdateSchema, {
    uuid: category.id,
    version: input.version,
    name: category.name,
    name_en: category.name_en,
    confirm_value_changes: input.confirm_value_changes,
    specifications: specifications.map((definition) => {
      const view = specificationView(
        definition,
        options.filter((option) => option.specification_id === definition.id).sort((a, b) => a.position - b.position),
      );
      // The schema leaves out what a form does not send (the keys).
      return {
        ...view,
        uuid: liveSpecifications.has(view.uuid) ? view.uuid : undefined,
        options: view.options.map((option) => ({
          ...option,
          uuid: liveOptions.has(option.uuid) ? option.uuid : undefined,
        })),
      };
    }),
  });
}

/** Saves the revision's state as the item's newest, through the normal save, if `guardKind` lets the caller. */
export async function restoreRevision(
  services: CatalogueServices,
  actor: Actor,
  id: string,
  input: RevisionRestoreInput,
  guardKind: RevisionKindGuard,
): Promise<RevisionRestored> {
  const row = await findRevision(services.db, id);
  if (!row) throw revisionNotFound();
  guardKind(row.kind);
  const item = decodeState(row.kind, row.state);
  if (item.kind === "product") {
    const { payload, pictures } = await productPayload(services.db, item.state, input);
    await changeProduct(services, actor, payload, { at: row.at, pictures });
    return { kind: "product", itemId: item.state.product.id };
  }
  if (item.kind === "category") {
    await renameCategory(services, actor, await categoryPayload(services.db, item.state, input), { at: row.at });
    return { kind: "category", itemId: item.state.category.id };
  }
  // Keys this code no longer knows are left out; the configuration's entries have no one version.
  const known = new Set<string>(CONFIGURATION_KEYS);
  const entries = Object.entries(item.state.entries)
    .filter(([key]) => known.has(key))
    .map(([key, value]) => ({ key, value }));
  await updateConfiguration(services, actor, await validated(configurationUpdateSchema, entries), { at: row.at });
  return { kind: "configuration", itemId: row.item_id };
}
