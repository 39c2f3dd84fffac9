import { lazy, Suspense, useRef, useState } from "react";
import type { PictureView } from "../../common/catalogue/catalogue-views.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { THUMBNAIL_SIZES } from "./gallery-sizes.ts";
import { CloseIcon } from "./icons.tsx";
import { Picture } from "./picture.tsx";
import styles from "./product-gallery.module.css";

// The full-screen carousel loads on the first opening, not with the page.
const GallerySlider = lazy(() => import("./gallery-slider.tsx"));

/**
 * Thumbnails that open the photos full screen in a native modal <dialog>: it keeps focus inside and
 * closes on Escape; arrows move between photos; on closing, focus returns to the thumbnail.
 */
export function ProductGallery({ model, pictures }: { model: string; pictures: PictureView[] }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [openAt, setOpenAt] = useState<number | null>(null);

  const open = (index: number, button: HTMLButtonElement) => {
    opener.current = button;
    setOpenAt(index);
    dialog.current?.showModal();
  };

  return (
    <section className={styles.gallery} aria-labelledby="product-gallery">
      <h2 id="product-gallery">{t("product.gallery")}</h2>
      <ul className={styles.thumbnails}>
        {pictures.map((picture, index) => (
          <li key={picture.image}>
            <button
              type="button"
              className={styles.thumbnail}
              onClick={(event) => open(index, event.currentTarget)}
              aria-label={t("product.openPhoto", { index: index + 1, count: pictures.length })}
            >
              <Picture picture={picture} sizes={THUMBNAIL_SIZES} alt="" className={styles.thumbnailImage} />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-label={t("product.viewer", { model })}
        onClose={() => {
          setOpenAt(null);
          opener.current?.focus();
        }}
      >
        <button
          type="button"
          className={styles.close}
          onClick={() => dialog.current?.close()}
          aria-label={t("product.close")}
        >
          <CloseIcon />
        </button>
        {openAt !== null ? (
          <Suspense fallback={null}>
            <GallerySlider pictures={pictures} startIndex={openAt} />
          </Suspense>
        ) : null}
      </dialog>
    </section>
  );
}
