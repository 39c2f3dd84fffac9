import { preload } from "react-dom";
import type { PictureView } from "../../common/catalogue/catalogue-views.ts";
import { localizedAltText } from "../../common/media/alt-text.ts";
import { variantSrcSet } from "../../common/media/media-paths.ts";
import { usePageLanguage } from "../i18n/use-language.ts";

interface Props {
  picture: PictureView;
  /**
   * How wide the picture is laid out, as an <img sizes> value worked out from the CSS that lays it
   * out (built by `pictureSizes`): the browser takes the smallest variant that fills that width.
   */
  sizes: string;
  /** Defaults to the stored alt text in the page's language; pass "" for a purely decorative use. */
  alt?: string;
  /** The language of `alt` where it is not the page's (a Romanian description on an English page). */
  altLang?: string | undefined;
  /** Above the fold and the largest paint (the first banner): preloaded, fetched first, never lazily. */
  priority?: boolean;
  /** Needed soon though not in view (a gallery photo next to the shown one): fetched now, not lazily. */
  eager?: boolean;
  className?: string;
}

/**
 * Every stored picture goes through here: AVIF, then WebP variants (made by the server at the
 * widths of VARIANT_WIDTHS, never wider than the original) and the original as the fallback;
 * intrinsic size (no layout shift), alt text, lazy loading below the fold.
 */
export function Picture({ picture, sizes, alt, altLang, priority = false, eager = false, className }: Props) {
  const language = usePageLanguage();
  const avif = variantSrcSet(picture.image, picture.width, "avif");
  if (priority) {
    // React does not preload an <img> inside <picture> (the <source> decides). Every browser that
    // decodes AVIF honours `type` here; the others skip this hint and simply use the WebP source.
    preload(picture.image, {
      as: "image",
      type: "image/avif",
      imageSrcSet: avif,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  // Element Timing reports when a priority picture is painted: the page's scripts wait for it
  // (app/lib/scripts-after-paint.ts).
  const paintTiming = priority ? { elementtiming: "priority" } : {};
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={variantSrcSet(picture.image, picture.width, "webp")} sizes={sizes} />
      <img
        className={className}
        src={picture.image}
        width={picture.width}
        height={picture.height}
        alt={alt ?? localizedAltText(picture.alt, language)}
        lang={altLang}
        loading={priority || eager ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        {...paintTiming}
      />
    </picture>
  );
}
