import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useRef, useState } from "react";
import type { BannerView } from "../../common/catalogue.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { BANNER_INTERVAL_MS } from "../lib/timings.ts";
import styles from "./banner-carousel.module.css";
import { BANNER_SIZES } from "./banner-sizes.ts";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "./icons.tsx";
import { Picture } from "./picture.tsx";

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Banners that advance every 4 s, wrap around and follow touch (spec §2). Motion stops while the
 * pointer is over them or a finger drags them, and for good with the pause button (WCAG 2.2.2) or
 * when the visitor asks the system for less motion. Those rules live here, not in the plugin, so
 * that leaving the banner never restarts what the visitor paused.
 */
export default function BannerSlider({ banners }: { banners: BannerView[] }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [autoplay] = useState(() =>
    Autoplay({ delay: BANNER_INTERVAL_MS, playOnInit: !prefersReducedMotion(), stopOnInteraction: true }),
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true }, [autoplay]);
  const [selected, setSelected] = useState(0);
  const hovering = useRef(false);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    const onRelease = () => {
      if (!paused && !hovering.current) autoplay.play();
    };
    // A re-initialisation (resize) restarts the plugin; a pause the visitor chose must outlive it.
    const onReInit = () => {
      onSelect();
      if (paused || hovering.current) autoplay.stop();
    };
    onSelect();
    embla.on("select", onSelect).on("reInit", onReInit).on("pointerUp", onRelease);
    return () => {
      embla.off("select", onSelect).off("reInit", onReInit).off("pointerUp", onRelease);
    };
  }, [embla, autoplay, paused]);

  const move = (direction: -1 | 1) => {
    if (direction < 0) embla?.scrollPrev();
    else embla?.scrollNext();
    autoplay.reset();
  };

  const togglePause = () => {
    if (paused) {
      setPaused(false);
      if (!hovering.current) autoplay.play();
    } else {
      setPaused(true);
      autoplay.stop();
    }
  };

  return (
    <div
      onMouseEnter={() => {
        hovering.current = true;
        autoplay.stop();
      }}
      onMouseLeave={() => {
        hovering.current = false;
        if (!paused) autoplay.play();
      }}
    >
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container}>
          {banners.map((banner, index) => (
            <div
              key={banner.uuid}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t("banner.slide", { index: index + 1, count: banners.length })}
              aria-hidden={index !== selected}
            >
              <Picture picture={banner} sizes={BANNER_SIZES} priority={index === 0} className={styles.image} />
            </div>
          ))}
        </div>
      </div>
      <button type="button" className={`${styles.arrow} ${styles.previous}`} onClick={() => move(-1)} aria-label={t("banner.previous")}>
        <ChevronLeftIcon />
      </button>
      <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => move(1)} aria-label={t("banner.next")}>
        <ChevronRightIcon />
      </button>
      <button type="button" className={styles.pause} onClick={togglePause} aria-label={paused ? t("banner.play") : t("banner.pause")}>
        {paused ? <PlayIcon /> : <PauseIcon />}
      </button>
    </div>
  );
}
