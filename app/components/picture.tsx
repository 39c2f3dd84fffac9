import type { PictureView } from "../../common/catalogue.ts";

interface Props {
  picture: PictureView;
  /** Defaults to the stored alt text; pass "" for a purely decorative use. */
  alt?: string;
  /** Above the fold and the largest paint (the first banner): fetched first, never lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * Every stored picture goes through here: intrinsic size (no layout shift), alt text, lazy loading
 * below the fold. Responsive variants (srcset/sizes) are added in this one place.
 */
export function Picture({ picture, alt = picture.alt, priority = false, className }: Props) {
  return (
    <img
      className={className}
      src={picture.image}
      width={picture.width}
      height={picture.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
    />
  );
}
