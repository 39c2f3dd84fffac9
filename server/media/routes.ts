import { Hono } from "hono";
import { findImage } from "../db/repositories/images.ts";
import { HttpError } from "../errors.ts";
import type { ApiEnv } from "../api/env.ts";

const IMAGE_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z]{3,4}$/;

/**
 * Originals of stored images. The last path segment names the image; its id never changes content,
 * so replies are cached for a year as immutable.
 */
export const mediaRoutes = new Hono<ApiEnv>().get("/*", async (c) => {
  const file = c.req.path.split("/").pop() ?? "";
  const match = IMAGE_FILE.exec(file);
  if (!match?.[1]) throw new HttpError(404, "ERROR_GET_PHOTOS");
  const image = await findImage(c.var.services.db, match[1]);
  if (!image) throw new HttpError(404, "ERROR_GET_PHOTOS");
  return c.body(new Uint8Array(image.bytes), 200, {
    "Content-Type": image.mime_type,
    "Content-Length": String(image.byte_size),
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: `"${image.id}"`,
  });
});
