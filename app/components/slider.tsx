import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useEffect, useState, type ReactNode } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons.tsx";
import track from "./slider.module.css";

/**
 * What the banner slider and the gallery viewer share: an embla carousel that wraps around and
 * knows its shown slide, its slides announced as the WAI carousel pattern asks (a group described
 * as "slide", named by its position, the others hidden from screen readers), and its previous /
 * next buttons. Each slider keeps its own rules: the banner's autoplay and pause, the gallery's
 * arrow keys. Loaded with the sliders only (vite.config.ts), never with the page.
 */

type Embla = UseEmblaCarouselType[1];

/** An embla carousel that wraps around, and the index of the slide it shows. */
export function useSlider(options: { startIndex?: number; plugins?: Parameters<typeof useEmblaCarousel>[1] } = {}) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, startIndex: options.startIndex ?? 0 }, options.plugins);
  const [selected, setSelected] = useState(options.startIndex ?? 0);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    // A re-initialisation (a resize) may land on another snap without a 'select'.
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);
  return { viewportRef, embla, selected };
}

interface SlidesProps<Item> {
  viewportRef: UseEmblaCarouselType[0];
  items: readonly Item[];
  selected: number;
  keyOf: (item: Item) => string;
  /** The slide's name for screen readers, e.g. "Banner 2 of 5". */
  labelOf: (index: number) => string;
  /** The viewport's size and the slide's own layout; the track itself is slider.module.css's. */
  classes: { viewport: string; slide?: string | undefined };
  children: (item: Item, index: number) => ReactNode;
}

/** The carousel's viewport and its slides, one an item. */
export function Slides<Item>({ viewportRef, items, selected, keyOf, labelOf, classes, children }: SlidesProps<Item>) {
  return (
    <div className={classes.viewport} ref={viewportRef}>
      <div className={track.container}>
        {items.map((item, index) => (
          <div
            key={keyOf(item)}
            className={classes.slide ? `${track.slide} ${classes.slide}` : track.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={labelOf(index)}
            aria-hidden={index !== selected}
          >
            {children(item, index)}
          </div>
        ))}
      </div>
    </div>
  );
}

interface SlideArrowsProps {
  /** Where each button sits and how large it is. */
  classes: { previous: string; next: string };
  labels: { previous: string; next: string };
  onMove: (direction: -1 | 1) => void;
}

/** The previous and next buttons. */
export function SlideArrows({ classes, labels, onMove }: SlideArrowsProps) {
  return (
    <>
      <button type="button" className={classes.previous} onClick={() => onMove(-1)} aria-label={labels.previous}>
        <ChevronLeftIcon />
      </button>
      <button type="button" className={classes.next} onClick={() => onMove(1)} aria-label={labels.next}>
        <ChevronRightIcon />
      </button>
    </>
  );
}

/** Shows the previous or next slide. */
export function scrollBy(embla: Embla, direction: -1 | 1): void {
  if (direction < 0) embla?.scrollPrev();
  else embla?.scrollNext();
}
