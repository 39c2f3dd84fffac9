import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PictureView } from "../../common/catalogue.ts";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons.tsx";
import { Picture } from "./picture.tsx";
import styles from "./product-gallery.module.css";

/** The photos of the open gallery, one at a time, by swipe, buttons or the arrow keys. */
export default function GallerySlider({ pictures, startIndex }: { pictures: PictureView[]; startIndex: number }) {
  const { t } = useTranslation();
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, startIndex });
  const [selected, setSelected] = useState(startIndex);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft") embla.scrollPrev();
      else if (event.key === "ArrowRight") embla.scrollNext();
    };
    embla.on("select", onSelect);
    // Mounted only while the modal is open, so the keys cannot reach anything else.
    document.addEventListener("keydown", onKey);
    return () => {
      embla.off("select", onSelect);
      document.removeEventListener("keydown", onKey);
    };
  }, [embla]);

  return (
    <div className={styles.viewer}>
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container}>
          {pictures.map((picture, index) => (
            <div
              key={picture.image}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t("product.position", { index: index + 1, count: pictures.length })}
              aria-hidden={index !== selected}
            >
              <Picture picture={picture} className={styles.full} />
            </div>
          ))}
        </div>
      </div>
      {pictures.length > 1 ? (
        <>
          <button type="button" className={`${styles.arrow} ${styles.previous}`} onClick={() => embla?.scrollPrev()} aria-label={t("product.previous")}>
            <ChevronLeftIcon />
          </button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => embla?.scrollNext()} aria-label={t("product.next")}>
            <ChevronRightIcon />
          </button>
        </>
      ) : null}
      <p className={styles.counter} aria-live="polite">
        {t("product.position", { index: selected + 1, count: pictures.length })}
      </p>
    </div>
  );
}
