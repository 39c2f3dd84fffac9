import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { buildAltText } from "../../common/media/alt-text.ts";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import type { ErrorCode, ValidationErrorBody } from "../../common/errors/error-codes.ts";
import { IMAGE_SIZE_LIMIT_BYTES, UUID_PATTERN, hasVisibleText } from "../../common/fields/field-rules.ts";
import {
  galleryImageCodes,
  headerPhotoCodes,
  type ProductCreateInput,
  type ProductUpdateInput,
} from "../../common/schemas/product.ts";
import { toSlug } from "../../common/text/slug.ts";
import { findCategoryById, findCategoryBySlug } from "../db/repositories/categories.ts";
import { deleteUnusedImages, findImageMetas, insertImages, updateImageAlt } from "../db/repositories/images.ts";
import {
  findProductById,
  findProductBySlug,
  galleryImageIds,
  insertProduct,
  PRICE_COLUMNS,
  setGallery,
  touchProduct,
  updateProduct,
  type ProductPriceColumns,
} from "../db/repositories/products.ts";
import type { CategoryRow, Database, NewImage, ProductRow } from "../db/schema.ts";
import { withDuplicatesAs } from "../db/unique-violation.ts";
import { HttpError, ValidationError, notFound } from "../core/errors.ts";
import { sanitizeRichText } from "../html/sanitize.ts";
import { removeVariants } from "../media/variants.ts";
import type { CatalogueServices } from "./services.ts";
import { EditConflict } from "../writes/edit-conflict.ts";
import { checkFleetAgainstBookings } from "../bookings/fleet-below-bookings.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import { productById } from "./read.ts";
import { priceColumns, withAdminPrices } from "./product-prices.ts";
import { makeVariantsLater, planPicture, plannedId, uploads, type PlannedPicture } from "./writes-images.ts";
import { writeProductValues } from "./writes-specifications.ts";
import { changedFieldsSummary } from "./change-summary.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { trashProduct } from "../trash/move-to-trash.ts";
import { revisionFieldWords } from "../../common/revisions/revision-schemas.ts";
import {
  PRODUCT_TEXTS,
  PRODUCT_TEXT_FIELDS,
  englishOf,
  type EnglishText,
  type ProductText,
  type ProductTextField,
} from "../../common/language/product-texts.ts";
import { recordRevision, restoreWords, revisionBaseline, type RevisionRestore } from "../revisions/record-revision.ts";

/**
 * The admin's product calls (spec §7): rich text sanitised, the category resolved, the model unique
 * case-insensitively (its slug), pictures ingested before the transaction, and every row of one
 * save written in one transaction, the specification values (decision 057) included.
 */

type Db = Kysely<Database>;

const duplicate = () => new HttpError(409, "ERROR_PRODUCT_EXIST");

type ProductFields = Pick<ProductRow, "model" | "slug" | ProductText> &
  Partial<Pick<ProductRow, EnglishText | "units">> &
  Partial<ProductPriceColumns> & { category_id: string };

/** Spec §3 names the category by its name; its uuid (what a select holds) is accepted as well. */
async function resolveCategory(db: Db, value: string): Promise<CategoryRow | undefined> {
  const byId = UUID_PATTERN.test(value) ? await findCategoryById(db, value.toLowerCase()) : undefined;
  return byId ?? findCategoryBySlug(db, toSlug(value));
}

/** What the form and the spreadsheet's import both send of a machine, pictures and values aside. */
export type ProductFieldsInput = Pick<ProductCreateInput, "model" | "category" | "units" | "prices" | ProductTextField>;

/**
 * The checks that need the server, one rule for the form and the import: sanitised text still says
 * something, the category exists, the model is new.
 */
async function checkedFields(db: Db, input: ProductFieldsInput, ownId?: string): Promise<ProductFields> {
  const errors: ValidationErrorBody["errors"] = [];
  const clean = (field: ProductText, required: ErrorCode): string => {
    const html = sanitizeRichText(input[field]);
    if (!hasVisibleText(html)) errors.push({ msg: required, path: field });
    return html;
  };
  // Left out: kept as stored (undefined is no column to Kysely). Nothing visible left: not translated.
  const english = (field: EnglishText): string | undefined => {
    const value = input[field];
    if (value === undefined) return undefined;
    const html = sanitizeRichText(value);
    return hasVisibleText(html) ? html : "";
  };
  const header_offer = clean("header_offer", "REQUIRED_PRODUCT_HEADER_OFFER");
  const details = clean("details", "REQUIRED_PRODUCT_DETAILS");
  const technical_data = clean("technical_data", "REQUIRED_PRODUCT_TECHNICAL_DATA");
  const category = await resolveCategory(db, input.category);
  if (!category) errors.push({ msg: "INVALID_PRODUCT_CATEGORY", path: "category" });
  if (!category || errors.length > 0) throw new ValidationError(errors);
  const slug = toSlug(input.model);
  const other = await findProductBySlug(db, slug);
  if (other && other.id !== ownId) throw duplicate();
  return {
    model: input.model,
    slug,
    category_id: category.id,
    header_offer,
    details,
    technical_data,
    ...(Object.fromEntries(PRODUCT_TEXTS.map((field) => [englishOf(field), english(englishOf(field))])) as Record<
      EnglishText,
      string | undefined
    >),
    // Left out: 1 for a new machine (the column's default), kept by an update.
    units: input.units,
    // Left out: none for a new machine, kept by an update (decision 089).
    ...priceColumns(input.prices),
  };
}

interface Pictures {
  header: PlannedPicture;
  gallery: PlannedPicture[];
}

/** Decodes the uploads one after the other (each may hold tens of megapixels) before any row is written. */
async function planPictures(
  input: ProductCreateInput,
  current: ReadonlySet<string>,
  model: string,
  now: string,
): Promise<Pictures> {
  const common = { maxBytes: IMAGE_SIZE_LIMIT_BYTES, now };
  const header = await planPicture(input.header_photo, current, {
    ...common,
    codes: headerPhotoCodes,
    path: "header_photo",
    alt: input.header_photo.alt || buildAltText(model, "presentation", 1),
  });
  const gallery: PlannedPicture[] = [];
  for (const [index, item] of input.gallery.entries()) {
    gallery.push(
      await planPicture(item, current, {
        ...common,
        codes: galleryImageCodes,
        path: `gallery.${index}`,
        alt: item.alt || buildAltText(model, "photo", index + 1),
      }),
    );
  }
  return { header, gallery };
}

/** New pictures are inserted and kept ones get their current alt text, before the product row points at them. */
async function storePictures(trx: Transaction<Database>, pictures: Pictures): Promise<void> {
  const all = [pictures.header, ...pictures.gallery];
  await insertImages(trx, uploads(all));
  for (const picture of all) if ("keep" in picture) await updateImageAlt(trx, picture.keep, picture.alt);
}

async function currentPictureIds(db: Db, product: ProductRow): Promise<string[]> {
  return [product.header_image_id, ...((await galleryImageIds(db, [product.id])).get(product.id) ?? [])];
}

/** The refusal of a save based on a version another save replaced: 404 when the product is gone. */
async function conflict(db: Db, id: string): Promise<HttpError> {
  const row = await findProductById(db, id);
  const current = row && (await productById(db, id));
  return current
    ? new EditConflict(await withAdminPrices(db, current), row.updated_at)
    : notFound("ERROR_UPDATE_PRODUCT");
}

/** The admin's reply to a save: the machine with its prices. */
async function view(services: CatalogueServices, id: string): Promise<ProductView> {
  const product = await productById(services.db, id);
  if (!product) throw new Error(`Product ${id} vanished after it was written`);
  return withAdminPrices(services.db, product);
}

/** Whether a save changes any of the machine's prices (the Jurnal names them once, as 'preturile'). */
function pricesChanged(before: ProductPriceColumns, after: Partial<ProductPriceColumns>): boolean {
  return PRICE_COLUMNS.some((column) => after[column] !== undefined && after[column] !== before[column]);
}

/**
 * The fields a save may change, as the activity log names them: in the revisions' words (one
 * vocabulary for the Jurnal and the Istoric), the row's ids by the fields they hold.
 */
const FIELD_WORDS: Partial<Record<keyof ProductRow, string>> = {
  model: revisionFieldWords("model"),
  category_id: revisionFieldWords("category"),
  ...Object.fromEntries(PRODUCT_TEXT_FIELDS.map((field) => [field, revisionFieldWords(field)])),
  header_image_id: revisionFieldWords("header_photo"),
};

export async function createProduct(
  services: CatalogueServices,
  actor: Actor,
  input: ProductCreateInput,
): Promise<ProductView> {
  const fields = await checkedFields(services.db, input);
  const now = new Date().toISOString();
  const pictures = await planPictures(input, new Set(), fields.model, now);
  const id = randomUUID();
  const write = () =>
    writeAndRenewPages(services, async (trx) => {
      await storePictures(trx, pictures);
      await insertProduct(trx, {
        id,
        ...fields,
        header_image_id: plannedId(pictures.header),
        created_at: now,
        updated_at: now,
      });
      await setGallery(trx, id, pictures.gallery.map(plannedId));
      await writeProductValues(trx, id, fields.category_id, input.specifications, null);
      await logActivity(trx, actor, {
        action: "create",
        kind: "product",
        itemId: id,
        itemName: fields.model,
        summary: `Utilaj adaugat cu ${pictures.gallery.length} poze in galerie`,
      });
      await recordRevision(trx, actor, { kind: "product", id }, { action: "create" });
    });
  await withDuplicatesAs(write, duplicate);
  makeVariantsLater(services, uploads([pictures.header, ...pictures.gallery]));
  return view(services, id);
}

/**
 * Pictures sent back by `uuid` without bytes are kept; new bytes are new pictures; pictures the
 * product no longer shows are deleted, with their cached variants, once no revision shows them.
 * A restore of a revision (decision 078) may also name the pictures that revision shows.
 */
export async function changeProduct(
  services: CatalogueServices,
  actor: Actor,
  input: ProductUpdateInput,
  restore?: RevisionRestore,
): Promise<ProductView> {
  if (!UUID_PATTERN.test(input.uuid)) throw notFound("ERROR_UPDATE_PRODUCT");
  const id = input.uuid.toLowerCase();
  const now = new Date().toISOString();
  const before = await findProductById(services.db, id);
  if (!before) throw notFound("ERROR_UPDATE_PRODUCT");
  // Before its pictures are decoded; checked again, in the write itself, below.
  if (input.version !== undefined && input.version !== before.version) throw await conflict(services.db, id);
  const fields = await checkedFields(services.db, input, id);
  const allowed = [...(await currentPictureIds(services.db, before)), ...(restore?.pictures ?? [])];
  const pictures = await planPictures(input, new Set(allowed), fields.model, now);
  const write = () =>
    writeAndRenewPages(services, async (trx) => {
      const baseline = await revisionBaseline(trx, { kind: "product", id });
      const locked = await touchProduct(trx, id, now, input.version);
      if (!locked) throw await conflict(trx, id);
      const current = await currentPictureIds(trx, locked);
      const next = [pictures.header, ...pictures.gallery];
      // A picture kept by uuid may have been dropped by another save since it was checked: a conflict.
      // A restored revision's may have been pruned meanwhile.
      const kept = next.flatMap((picture) => ("keep" in picture ? [picture.keep] : []));
      const stored = await findImageMetas(trx, kept);
      if (kept.some((imageId) => !current.includes(imageId) && !(restore?.pictures.includes(imageId) ?? false))) {
        throw new HttpError(409, "ERROR_UPDATE_PRODUCT");
      }
      if (kept.some((imageId) => !stored.has(imageId))) throw new HttpError(409, "REVISION_PICTURES_GONE");
      if (fields.units !== undefined && fields.units < locked.units)
        await checkFleetAgainstBookings(trx, id, fields.units, input.confirm_overbooking === true);
      await storePictures(trx, pictures);
      // Before the row takes its new category: values carried from the old one are read through it.
      await writeProductValues(trx, id, fields.category_id, input.specifications, locked.category_id);
      await updateProduct(trx, id, { ...fields, header_image_id: plannedId(pictures.header), updated_at: now });
      await setGallery(trx, id, pictures.gallery.map(plannedId));
      const galleryChanged = current.slice(1).join() !== pictures.gallery.map(plannedId).join();
      const changed = changedFieldsSummary(
        locked,
        { ...fields, header_image_id: plannedId(pictures.header) },
        FIELD_WORDS,
        [
          ...(galleryChanged ? [revisionFieldWords("gallery")] : []),
          ...(pricesChanged(locked, fields) ? [revisionFieldWords("prices")] : []),
        ],
      );
      await logActivity(trx, actor, {
        action: restore ? "restore" : "update",
        kind: "product",
        itemId: id,
        itemName: fields.model,
        summary: restore ? `${restoreWords(restore)} din Istoric. ${changed}` : changed,
      });
      // Before the pictures it no longer shows are deleted: the revision before this save keeps them.
      await recordRevision(
        trx,
        actor,
        { kind: "product", id },
        restore ? { baseline, action: "restore", summary: restoreWords(restore) } : { baseline },
      );
      const nextIds = new Set(next.map(plannedId));
      const deleted = await deleteUnusedImages(
        trx,
        current.filter((imageId) => !nextIds.has(imageId)),
      );
      return deleted;
    });
  const deleted = await withDuplicatesAs(write, duplicate);
  await removeVariants(services.config.DATA_DIR, deleted);
  makeVariantsLater(services, uploads([pictures.header, ...pictures.gallery]));
  return view(services, id);
}

/**
 * A machine changed by the spreadsheet's import (decision 077), inside the import's one
 * writeAndRenewPages: the form's checks, its pictures kept, and only while it still has the version the
 * import read (a save in between refuses the whole import). `specifications` is the full set.
 */
export async function writeImportedProduct(
  trx: Db,
  change: { uuid: string; version: number; fields: ProductFieldsInput; specifications: Record<string, unknown> },
  now: string,
): Promise<void> {
  const fields = await checkedFields(trx, change.fields, change.uuid);
  const locked = await touchProduct(trx, change.uuid, now, change.version);
  if (!locked) throw await conflict(trx, change.uuid);
  // A sheet has no way to confirm an overbooking: a fleet below its confirmed bookings refuses the import.
  if (fields.units !== undefined && fields.units < locked.units)
    await checkFleetAgainstBookings(trx, change.uuid, fields.units, false);
  await writeProductValues(trx, change.uuid, fields.category_id, change.specifications, locked.category_id);
  await withDuplicatesAs(() => updateProduct(trx, change.uuid, { ...fields, updated_at: now }), duplicate);
}

/**
 * A machine created by the spreadsheet's import (decision 079), inside the import's one
 * writeAndRenewPages: the form's checks, and its pictures, already through the upload's pipeline, stored
 * with it. `pictures` holds the header picture first, then the gallery. Returns the new machine's id.
 */
export async function createImportedProduct(
  trx: Transaction<Database>,
  creation: { fields: ProductFieldsInput; specifications: Record<string, unknown> },
  pictures: readonly NewImage[],
  now: string,
): Promise<string> {
  const fields = await checkedFields(trx, creation.fields);
  const [header, ...gallery] = pictures;
  const id = randomUUID();
  await insertImages(trx, pictures);
  await withDuplicatesAs(
    () => insertProduct(trx, { id, ...fields, header_image_id: header.id, created_at: now, updated_at: now }),
    duplicate,
  );
  await setGallery(
    trx,
    id,
    gallery.map((picture) => picture.id),
  );
  await writeProductValues(trx, id, fields.category_id, creation.specifications, null);
  return id;
}

/**
 * The product goes to the trash (decision 074): its rows kept as a snapshot, its pictures kept,
 * its live rows deleted, all with the log entry in one transaction.
 */
export async function removeProduct(services: CatalogueServices, actor: Actor, id: string): Promise<void> {
  await writeAndRenewPages(services, async (trx) => {
    const product = await touchProduct(trx, id, new Date().toISOString());
    if (!product) throw notFound("ERROR_DELETE_PRODUCT");
    await trashProduct(trx, actor, product);
    await logActivity(trx, actor, {
      action: "delete",
      kind: "product",
      itemId: id,
      itemName: product.model,
      summary: "Utilaj mutat in Cos, cu pozele lui",
    });
  });
}
