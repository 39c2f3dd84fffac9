import { Suspense, type ReactNode } from "react";

/**
 * A part of the page that React hydrates apart from the rest (decision 056). The server renders it
 * whole, as any Suspense boundary whose content is ready; in the browser React hydrates the page's
 * frame first and then each region in its own render, yielding between them, so no task hydrates
 * the whole page, and a tap in a region not yet hydrated makes React hydrate that region first.
 * Nothing in it suspends, so it never shows a fallback.
 */
export function HydrationRegion({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
