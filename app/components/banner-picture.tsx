import type { BannerView } from "../../common/catalogue/catalogue-views.ts";
import { shownText } from "../../common/language/english-fallback.ts";
import { usePageLanguage } from "../i18n/use-language.ts";
import styles from "./banner-carousel.module.css";
import { Picture } from "./picture.tsx";
import { Shown, useLangOf } from "./shown.tsx";

interface Props {
  banner: BannerView;
  sizes: string;
  priority?: boolean;
  className?: string;
}

/**
 * A banner picture with its description in the page's language (the Romanian one, marked, where no
 * English is written).
 */
export function BannerPicture({ banner, sizes, priority, className }: Props) {
  const alt = shownText(banner.alt, banner.alt_en, usePageLanguage());
  return (
    <Picture
      picture={banner}
      sizes={sizes}
      priority={priority}
      alt={alt.text}
      altLang={useLangOf(alt)}
      className={className}
    />
  );
}

/**
 * A slide of the carousel: the banner picture and its caption laid over it as text (read by screen
 * readers and search engines).
 */
export function BannerSlide({ banner, sizes, priority }: Omit<Props, "className">) {
  const caption = shownText(banner.caption, banner.caption_en, usePageLanguage());
  return (
    <>
      <BannerPicture banner={banner} sizes={sizes} priority={priority} className={styles.image} />
      {caption.text ? (
        <p className={styles.slideCaption}>
          <Shown text={caption} />
        </p>
      ) : null}
    </>
  );
}
