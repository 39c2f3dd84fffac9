import { pictureSizes } from "../lib/picture-sizes.ts";

/**
 * A thumbnail's width in its grid of 11rem-minimum columns (product-gallery.module.css): one column
 * on the smallest phones, two up to tablets, and never above 240 px once there are three or more.
 * The full-screen viewer shows the same file, blurred, while its large photo arrives.
 */
export const THUMBNAIL_SIZES = pictureSizes(
  [
    ["(max-width: 387px)", "100vw"],
    ["(max-width: 760px)", "50vw"],
  ],
  "240px",
);
