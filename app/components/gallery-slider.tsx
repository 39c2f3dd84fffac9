import { useEffect } from "react";
import type { PictureView } from "../../common/catalogue/catalogue-views.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { pictureSizes } from "../lib/picture-sizes.ts";
import { THUMBNAIL_SIZES } from "./gallery-sizes.ts";
import { Picture } from "./picture.tsx";
import styles from "./product-gallery.module.css";
import { scrollBy, SlideArrows, Slides, useSlider } from "./slider.tsx";

/**
 * How wide a photo shows: as wide as its slide (product-gallery.module.css: the window less 4.5rem a
 * side; on phones 0.5rem) unless the slide's height (the window less 4rem above, 1rem and the counter
 * below, on phones 4rem above and the counter) makes it narrower, keeping the photo's shape.
 */
function viewerSizes({ width, height }: PictureView): string {
  const ratio = (width / height).toFixed(3);
  return pictureSizes(
    [["(max-width: 530px)", `min(100vw - 1rem, (100vh - 8rem) * ${ratio})`]],
    `min(100vw - 9rem, (100vh - 8.5rem) * ${ratio})`,
  );
}

/** Whether slide `index` is the shown one or next to it (the carousel wraps around). */
function isNear(index: number, selected: number, count: number): boolean {
  const distance = Math.abs(index - selected);
  return Math.min(distance, count - distance) <= 1;
}

/**
 * The photos of the open gallery, one at a time, by swipe, buttons or the arrow keys. Each slide
 * shows its thumbnail's file (already downloaded by the grid), blurred, under the large photo until
 * that arrives; the neighbours of the shown photo load at once, so the next swipe finds them ready.
 */
export default function GallerySlider({ pictures, startIndex }: { pictures: PictureView[]; startIndex: number }) {
  const { t } = useTranslation();
  const { viewportRef, embla, selected } = useSlider({ startIndex });
  const position = (index: number) => t("product.position", { index: index + 1, count: pictures.length });

  useEffect(() => {
    if (!embla) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft") scrollBy(embla, -1);
      else if (event.key === "ArrowRight") scrollBy(embla, 1);
    };
    // Mounted only while the modal is open, so the keys cannot reach anything else.
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [embla]);

  return (
    <div className={styles.viewer}>
      <Slides
        viewportRef={viewportRef}
        items={pictures}
        selected={selected}
        keyOf={(picture) => picture.image}
        labelOf={position}
        classes={{ viewport: styles.viewport, slide: styles.slide }}
      >
        {(picture, index) => (
          <div className={styles.frame}>
            <Picture picture={picture} sizes={THUMBNAIL_SIZES} alt="" className={styles.placeholder} />
            <Picture
              picture={picture}
              sizes={viewerSizes(picture)}
              eager={isNear(index, selected, pictures.length)}
              className={styles.full}
            />
          </div>
        )}
      </Slides>
      {pictures.length > 1 ? (
        <SlideArrows
          classes={{ previous: `${styles.arrow} ${styles.previous}`, next: `${styles.arrow} ${styles.next}` }}
          labels={{ previous: t("product.previous"), next: t("product.next") }}
          onMove={(direction) => scrollBy(embla, direction)}
        />
      ) : null}
      <p className={styles.counter} aria-live="polite">
        {position(selected)}
      </p>
    </div>
  );
}
