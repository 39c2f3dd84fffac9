import Autoplay from "embla-carousel-autoplay";
import { useCallback, useEffect, useRef, useState } from "react";
import type { BannerView } from "../../common/catalogue/catalogue-views.ts";
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
 * pointer is over them or a finger drags them, while they are scrolled out of view (a slide's
 * animation is a phone's main thread busy for a second and a half of every four, for nobody, while
 * the visitor uses the filters or the form further down), and for good with the pause button
 * (WCAG 2.2.2) or when the visitor asks the system for less motion. Those rules live here, not in
 * the plugin, so that leaving the banner or scrolling back never restarts what the visitor paused.
 */
export default function BannerSlider({ banners }: { banners: BannerView[] }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [autoplay] = useState(() =>
    Autoplay({ delay: BANNER_INTERVAL_MS, playOnInit: !prefersReducedMotion(), stopOnInteraction: true }),
  );
  const { viewportRef, embla, selected } = useSlider({ plugins: [autoplay] });
  const hovering = useRef(false);
  const inView = useRef(true);
  const mayPlay = useCallback(() => !paused && !hovering.current && inView.current, [paused]);

  useEffect(() => {
    if (!embla) return;
    const onRelease = () => {
      if (mayPlay()) autoplay.play();
    };
    // A re-initialisation (resize) restarts the plugin; a pause the visitor chose must outlive it.
    const onReInit = () => {
      if (!mayPlay()) autoplay.stop();
    };
    embla.on("reInit", onReInit).on("pointerUp", onRelease);
    const visibility = new IntersectionObserver(([entry]) => {
      inView.current = entry.isIntersecting;
      if (!inView.current) autoplay.stop();
      // The first report (in view) leaves the running timer as it is.
      else if (mayPlay() && !autoplay.isPlaying()) autoplay.play();
    });
    // The viewport: the slider's own box is `display: contents` on phones, and a box-less element never intersects.
    visibility.observe(embla.rootNode());
    return () => {
      visibility.disconnect();
      embla.off("reInit", onReInit).off("pointerUp", onRelease);
    };
  }, [embla, autoplay, mayPlay]);

  const move = (direction: -1 | 1) => {
    scrollBy(embla, direction);
    autoplay.reset();
  };

  const togglePause = () => {
    if (paused) {
      setPaused(false);
      if (!hovering.current && inView.current) autoplay.play();
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
        if (mayPlay()) autoplay.play();
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
      <button
        type="button"
        className={styles.pause}
        onClick={togglePause}
        aria-label={paused ? t("banner.play") : t("banner.pause")}
      >
        {paused ? <PlayIcon /> : <PauseIcon />}
      </button>
    </div>
  );
}
