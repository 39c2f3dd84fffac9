import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { buildAltText } from "../../common/media/alt-text.ts";
import type { BannerView } from "../../common/catalogue/catalogue-views.ts";
import { BANNER_SIZE_LIMIT_BYTES, IMAGE_COUNT_LIMIT, UUID_PATTERN } from "../../common/fields/field-rules.ts";
import {
  bannerImageCodes,
  type BannerCreateInput,
  type BannerOrderInput,
  type BannerUpdateInput,
} from "../../common/schemas/banner.ts";
import {
  countBanners,
  deleteBanner,
  insertBanners,
  listBanners,
  touchBanner,
  nextBannerPosition,
  setBannerImage,
  setBannerTexts,
  setBannerPositions,
} from "../db/repositories/banners.ts";
import { deleteUnusedImages, insertImages, updateImageAlt } from "../db/repositories/images.ts";
import type { NewImage } from "../db/schema.ts";
import { ValidationError, notFound } from "../core/errors.ts";
import { removeVariants } from "../media/variants.ts";
import type { CatalogueServices } from "./services.ts";
import { EditConflict } from "../writes/edit-conflict.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import { allBanners } from "./read.ts";
import { ingestUpload, makeVariantsLater } from "./writes-images.ts";

import { logActivity, type Actor } from "../activity/activity-log.ts";
import { changedFieldsSummary } from "./change-summary.ts";
import { trashBanner } from "../trash/move-to-trash.ts";

/** A banner picture as the log names it: its caption, or its place in the carousel. */
function bannerName(caption: string, position: number): string {
  return caption.trim() || `Poza banner ${position + 1}`;
}

/** The admin's banner calls (spec §7): at most IMAGE_COUNT_LIMIT banners in all (spec §5, §9). */

/** What the carousel says (spec §2), the subject of the banners' generated alt text. */
const BANNER_SUBJECT = "inchiriere utilaje constructii";

const tooMany = () => new ValidationError([{ msg: "INVALID_BANNER", path: "banner" }]);

async function views(services: Pick<CatalogueServices, "db">, ids: readonly string[]): Promise<BannerView[]> {
  const wanted = new Set(ids);
  return (await allBanners(services.db)).filter((banner) => wanted.has(banner.uuid));
}

/** Replies with the banners created, in carousel order. */
export async function createBanners(
  services: CatalogueServices,
  actor: Actor,
  input: BannerCreateInput,
): Promise<BannerView[]> {
  const { db, dialect } = services;
  // Checked before decoding anything, and again under the lock below.
  if ((await countBanners(db)) + input.banner.length > IMAGE_COUNT_LIMIT) throw tooMany();
  const now = new Date().toISOString();
  const first = await nextBannerPosition(db);
  const images: NewImage[] = [];
  for (const [index, item] of input.banner.entries()) {
    images.push(
      await ingestUpload(item.image ?? "", {
        codes: bannerImageCodes,
        path: `banner.${index}`,
        maxBytes: BANNER_SIZE_LIMIT_BYTES,
        alt: item.alt || buildAltText(BANNER_SUBJECT, "photo", first + index + 1),
        now,
      }),
    );
  }
  const planned = images.map((image) => ({ id: randomUUID(), image }));
  await writeAndRenewPages(services, async (trx) => {
    // Two uploads at once must not both pass the count check: PostgreSQL serialises them on this
    // lock; SQLite runs one write transaction at a time anyway.
    if (dialect === "postgres") await sql`lock table banners in share row exclusive mode`.execute(trx);
    if ((await countBanners(trx)) + images.length > IMAGE_COUNT_LIMIT) throw tooMany();
    const position = await nextBannerPosition(trx);
    await insertImages(trx, images);
    await insertBanners(
      trx,
      planned.map(({ id, image }, index) => ({ id, image_id: image.id, position: position + index, created_at: now })),
    );
    for (const [index, { id }] of planned.entries()) {
      await logActivity(trx, actor, {
        action: "create",
        kind: "banner",
        itemId: id,
        itemName: bannerName("", position + index),
        summary: "Poza banner adaugata",
      });
    }
  });
  makeVariantsLater(services, images);
  return views(
    services,
    planned.map(({ id }) => id),
  );
}

/** A new picture for the banner, or new texts for it: its description (alt, alt_en) and its captions. */
export async function changeBanner(
  services: CatalogueServices,
  actor: Actor,
  input: BannerUpdateInput,
): Promise<BannerView> {
  if (!UUID_PATTERN.test(input.uuid)) throw notFound("ERROR_UPDATE_BANNER");
  const id = input.uuid.toLowerCase();
  const now = new Date().toISOString();
  const upload = input.image
    ? await ingestUpload(input.image, {
        codes: bannerImageCodes,
        path: undefined,
        maxBytes: BANNER_SIZE_LIMIT_BYTES,
        alt: input.alt || buildAltText(BANNER_SUBJECT, "photo", 1),
        now,
      })
    : undefined;
  const deleted = await writeAndRenewPages(services, async (trx) => {
    const banner = await touchBanner(trx, id, input.version);
    if (!banner) {
      const [current] = await views({ db: trx }, [id]);
      throw current ? new EditConflict(current) : notFound("ERROR_UPDATE_BANNER");
    }
    await setBannerTexts(trx, id, { alt_en: input.alt_en, caption: input.caption, caption_en: input.caption_en });
    await logActivity(trx, actor, {
      action: "update",
      kind: "banner",
      itemId: id,
      itemName: bannerName(input.caption ?? banner.caption, banner.position),
      summary: changedFieldsSummary(
        banner,
        { alt_en: input.alt_en, caption: input.caption, caption_en: input.caption_en },
        { caption: "textul", caption_en: "textul (EN)", alt_en: "descrierea (EN)" },
        [...(upload ? ["poza"] : []), ...(input.alt && !upload ? ["descrierea"] : [])],
      ),
    });
    if (!upload) {
      if (input.alt) await updateImageAlt(trx, banner.image_id, input.alt);
      return [];
    }
    await insertImages(trx, [upload]);
    await setBannerImage(trx, id, upload.id);
    const gone = await deleteUnusedImages(trx, [banner.image_id]);
    return gone;
  });
  await removeVariants(services.config.DATA_DIR, deleted);
  if (upload) makeVariantsLater(services, [upload]);
  const [view] = await views(services, [id]);
  if (!view) throw notFound("ERROR_UPDATE_BANNER");
  return view;
}

/** The picture goes to the trash (decision 074) with its texts and its place in the carousel. */
export async function removeBanner(services: CatalogueServices, actor: Actor, id: string): Promise<void> {
  await writeAndRenewPages(services, async (trx) => {
    const banner = await touchBanner(trx, id);
    if (!banner) throw notFound("ERROR_DELETE_BANNER_PHOTO");
    await trashBanner(trx, actor, banner, bannerName(banner.caption, banner.position));
    await deleteBanner(trx, id);
    await logActivity(trx, actor, {
      action: "delete",
      kind: "banner",
      itemId: id,
      itemName: bannerName(banner.caption, banner.position),
      summary: "Poza banner mutata in Cos, cu textele ei",
    });
  });
}

/**
 * The carousel's new order. The list must name every banner exactly once: one deleted or added
 * meanwhile (another tab) makes it a 400 `INVALID_BANNER_ORDER`, and nothing changes.
 */
export async function reorderBanners(
  services: CatalogueServices,
  actor: Actor,
  input: BannerOrderInput,
): Promise<BannerView[]> {
  const ids = input.order.map((id) => id.toLowerCase());
  // The version's bump comes first and takes the write lock: a banner added or deleted meanwhile waits or has
  // committed.
  await writeAndRenewPages(services, async (trx) => {
    const current = new Set((await listBanners(trx)).map((banner) => banner.id));
    if (current.size !== ids.length || !ids.every((id) => current.has(id))) {
      throw new ValidationError([{ msg: "INVALID_BANNER_ORDER", path: "order" }]);
    }
    await setBannerPositions(trx, ids);
    await logActivity(trx, actor, {
      action: "reorder",
      kind: "banner",
      itemId: null,
      itemName: "Pozele banner",
      summary: `Ordinea celor ${ids.length} poze banner schimbata`,
    });
  });
  return allBanners(services.db);
}
