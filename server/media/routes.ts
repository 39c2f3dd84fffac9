import { Hono, type Context } from "hono";
import { VARIANT_FORMATS, VARIANT_WIDTHS } from "../../common/media-paths.ts";
import { findImage, findImageMetas } from "../db/repositories/images.ts";
import { HttpError } from "../errors.ts";
import type { ApiEnv } from "../http-env.ts";
import { VARIANT_MIME_TYPES, variantBytes } from "./variants.ts";

const ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const ORIGINAL_FILE = new RegExp(`^(${ID})\\.[a-z]{3,4}$`);
const VARIANT_FILE = new RegExp(`^(${ID})-([0-9]{3,4})w\\.(avif|webp)$`);

const notFound = () => new HttpError(404, "ERROR_GET_PHOTOS");

/** A picture whose URL never changes content: cached for a year, revalidation answered from the ETag. */
function immutable(c: Context<ApiEnv>, bytes: Uint8Array, contentType: string, etag: string): Response {
  const headers = { "Cache-Control": "public, max-age=31536000, immutable", ETag: etag };
  if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
  return c.body(new Uint8Array(bytes), 200, { ...headers, "Content-Type": contentType, "Content-Length": String(bytes.length) });
}

/**
 * Stored pictures. The last path segment names the picture: '{id}.{ext}' is the original,
 * '{id}-{width}w.{avif|webp}' a responsive variant beside it; the leading segments only make the
 * URL readable. A variant is served only while its picture exists in the database.
 */
export const mediaRoutes = new Hono<ApiEnv>().get("/*", async (c) => {
  const file = c.req.path.split("/").pop() ?? "";
  const { db, config } = c.var.services;

  const variant = VARIANT_FILE.exec(file);
  if (variant) {
    const [, id = "", widthText, formatText] = variant;
    const width = VARIANT_WIDTHS.find((offered) => String(offered) === widthText);
    const format = VARIANT_FORMATS.find((offered) => offered === formatText);
    if (!width || !format || !(await findImageMetas(db, [id])).has(id)) throw notFound();
    const bytes = await variantBytes(config.DATA_DIR, id, width, format, {
      load: async () => (await findImage(db, id))?.bytes,
      stillStored: async () => (await findImageMetas(db, [id])).has(id),
    });
    if (!bytes) throw notFound();
    return immutable(c, bytes, VARIANT_MIME_TYPES[format], `"${id}-${width}w.${format}"`);
  }

  const original = ORIGINAL_FILE.exec(file);
  if (!original?.[1]) throw notFound();
  const image = await findImage(db, original[1]);
  if (!image) throw notFound();
  return immutable(c, image.bytes, image.mime_type, `"${image.id}"`);
});
