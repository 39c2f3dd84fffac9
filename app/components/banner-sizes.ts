import { pictureSizes } from "../lib/picture-sizes.ts";

/** The banners span the window (banner-carousel.module.css), the still one and the slides alike. */
export const BANNER_SIZES = pictureSizes([], "100vw");
