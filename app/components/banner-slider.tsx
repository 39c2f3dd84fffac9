import Autoplay from "embla-carousel-autoplay";
import { useEffect, useRef, useState } from "react";
import type { BannerView } from "../../common/catalogue.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { BANNER_INTERVAL_MS } from "../lib/timings.ts";
import styles from "./banner-carousel.module.css";
import { BANNER_SIZES } from "./banner-sizes.ts";
import { PauseIcon, PlayIcon } from "./icons.tsx";
import { BannerSlide } from "./banner-picture.tsx";
import { scrollBy, SlideArrows, Slides, useSlider } from "./slider.tsx";

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
  const { viewportRef, embla, selected } = useSlider({ plugins: [autoplay] });
  const hovering = useRef(false);

  useEffect(() => {
    if (!embla) return;
    const onRelease = () => {
      if (!paused && !hovering.current) autoplay.play();
    };
    // A re-initialisation (resize) restarts the plugin; a pause the visitor chose must outlive it.
    const onReInit = () => {
      if (paused || hovering.current) autoplay.stop();
    };
    embla.on("reInit", onReInit).on("pointerUp", onRelease);
    return () => {
      embla.off("reInit", onReInit).off("pointerUp", onRelease);
    };
  }, [embla, autoplay, paused]);

  const move = (direction: -1 | 1) => {
    scrollBy(embla, direction);
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
      className={styles.slider}
      onMouseEnter={() => {
        hovering.current = true;
        autoplay.stop();
      }}
      onMouseLeave={() => {
        hovering.current = false;
        if (!paused) autoplay.play();
      }}
    >
      <Slides
        viewportRef={viewportRef}
        items={banners}
        selected={selected}
        keyOf={(banner) => banner.uuid}
        labelOf={(index) => t("banner.slide", { index: index + 1, count: banners.length })}
        classes={{ viewport: styles.viewport, slide: styles.slide }}
      >
        {(banner, index) => <BannerSlide banner={banner} sizes={BANNER_SIZES} priority={index === 0} />}
      </Slides>
      <SlideArrows
        classes={{ previous: `${styles.arrow} ${styles.previous}`, next: `${styles.arrow} ${styles.next}` }}
        labels={{ previous: t("banner.previous"), next: t("banner.next") }}
        onMove={move}
      />
      <button type="button" className={styles.pause} onClick={togglePause} aria-label={paused ? t("banner.play") : t("banner.pause")}>
        {paused ? <PlayIcon /> : <PauseIcon />}
      </button>
    </div>
  );
}
