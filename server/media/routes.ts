import { Hono, type Context } from "hono";
import type { Kysely } from "kysely";
import { VARIANT_FORMATS, VARIANT_WIDTHS } from "../../common/media/media-paths.ts";
import { findImage, imageShown } from "../db/repositories/images.ts";
import { HttpError } from "../core/errors.ts";
import { etagMatches } from "../http/encoding.ts";
import type { Config } from "../core/config.ts";
import type { Database } from "../db/schema.ts";
import { VARIANT_MIME_TYPES, variantBytes } from "./variants.ts";
import { storedPicture } from "./print-picture.ts";

const ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const ORIGINAL_FILE = new RegExp(`^(${ID})\\.[a-z]{3,4}$`);
const VARIANT_FILE = new RegExp(`^(${ID})-([0-9]{3,4})w\\.(avif|webp)$`);

const notFound = () => new HttpError(404, "ERROR_GET_PHOTOS");

/** What the picture routes read of the server's services. */
interface MediaEnv {
  Variables: { services: { db: Kysely<Database>; config: Config } };
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/** A picture whose URL never changes content: cached for a year. */
function immutable(c: Context<MediaEnv>, bytes: Uint8Array, contentType: string, etag: string): Response {
  return c.body(new Uint8Array(bytes), 200, {
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "Content-Type": contentType,
    "Content-Length": String(bytes.length),
  });
}

/**
 * A revalidation (nginx's, every 10 minutes per picture:
 * docs/decisions/032-nginx-keeps-a-media-picture-10-minutes-not-the.md). The ETag is made of the URL (the picture's id,
 * the variant's width and format), never of the bytes, so the 304 needs only to know that the picture is still stored
 * (`imageShown`, which the caller asks): neither the original is read from the database nor the variant from the disk.
 */
function revalidated(c: Context<MediaEnv>, etag: string): Response | undefined {
  if (!etagMatches(c.req.header("If-None-Match"), etag)) return undefined;
  return c.body(null, 304, { "Cache-Control": IMMUTABLE, ETag: etag });
}

/**
 * Stored pictures. The last path segment names the picture: '{id}.{ext}' is the original,
 * '{id}-{width}w.{avif|webp}' a responsive variant beside it; the leading segments only make the
 * URL readable. A picture is served only while it exists in the database and is not kept by the
 * trash alone, and a revalidation is answered 304 only then (404 once it is deleted or in the trash).
 */
export const mediaRoutes = new Hono<MediaEnv>().get("/*", async (c) => {
  const file = c.req.path.split("/").pop() ?? "";
  const { db, config } = c.var.services;

  const variant = VARIANT_FILE.exec(file);
  if (variant) {
    const [, id = "", widthText, formatText] = variant;
    const width = VARIANT_WIDTHS.find((offered) => String(offered) === widthText);
    const format = VARIANT_FORMATS.find((offered) => offered === formatText);
    if (!width || !format || !(await imageShown(db, id))) throw notFound();
    const etag = `"${id}-${width}w.${format}"`;
    const unchanged = revalidated(c, etag);
    if (unchanged) return unchanged;
    const bytes = await variantBytes(config.DATA_DIR, id, width, format, storedPicture(db, id));
    if (!bytes) throw notFound();
    return immutable(c, bytes, VARIANT_MIME_TYPES[format], etag);
  }

  const id = ORIGINAL_FILE.exec(file)?.[1];
  if (!id) throw notFound();
  const etag = `"${id}"`;
  if (!(await imageShown(db, id))) throw notFound();
  const unchanged = revalidated(c, etag);
  if (unchanged) return unchanged;
  const image = await findImage(db, id);
  if (!image) throw notFound();
  return immutable(c, image.bytes, image.mime_type, etag);
});
