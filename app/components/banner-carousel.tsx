import { lazy, Suspense, useEffect, useState } from "react";
import type { BannerView } from "../../common/catalogue/catalogue-views.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { BANNER_FETCH_DELAY_MS } from "../lib/timings.ts";
import styles from "./banner-carousel.module.css";
import { BANNER_SIZES } from "./banner-sizes.ts";
import { BannerSlide } from "./banner-picture.tsx";
import track from "./slider.module.css";

// The sliding machinery (embla) is only needed once there is a second banner to slide to, so it
// stays out of the page's initial JavaScript.
const BannerSlider = lazy(() => import("./banner-slider.tsx"));

function isBannerList(value: unknown): value is BannerView[] {
  return Array.isArray(value) && value.every((item) => typeof item === "object" && item !== null && "image" in item);
}

/** The rest of the banners, asked for a second after the first one is shown (spec §2). */
function useLaterBanners(): BannerView[] {
  const [banners, setBanners] = useState<BannerView[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch("/api/banner", { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : []))
        .then((list: unknown) => {
          if (isBannerList(list)) setBanners(list);
        })
        // Without the others the first banner simply stays: nothing the visitor needs to hear about.
        .catch(() => undefined);
    }, BANNER_FETCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, []);
  return banners;
}

/** Banner carousel with the caption of spec §2; the first banner is part of the page. */
export function BannerCarousel({ first }: { first: BannerView | null }) {
  const { t } = useTranslation();
  const later = useLaterBanners();
  const still = first ? <StillBanner banner={first} /> : null;
  return (
    <section
      className={first ? styles.carousel : styles.captionOnly}
      aria-roledescription="carousel"
      aria-label={t("banner.label")}
    >
      {first && later.length > 0 ? (
        <Suspense fallback={still}>
          <BannerSlider banners={[first, ...later.filter((banner) => banner.uuid !== first.uuid)]} />
        </Suspense>
      ) : (
        still
      )}
      <p className={styles.caption}>{t("banner.caption")}</p>
    </section>
  );
}

/** The first banner alone, laid out exactly as the slider's first slide so nothing moves when it takes over. */
function StillBanner({ banner }: { banner: BannerView }) {
  return (
    <div className={styles.viewport}>
      <div className={track.container}>
        <div className={`${track.slide} ${styles.slide}`}>
          <BannerSlide banner={banner} sizes={BANNER_SIZES} priority />
        </div>
      </div>
    </div>
  );
}
