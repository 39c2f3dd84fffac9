import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * Spec §2: pages open either at the top or scrolled to the content (past the banner, the spec's
 * 450 px). Links inside the catalogue pass this state with `preventScrollReset`; every other link
 * keeps React Router's scroll to the top, and back/forward keep the restored position.
 */
export const SCROLL_TO_CONTENT = { scrollToContent: true } as const;

/** How a plain link inside the catalogue opens its page (list-links.ts): scrolled to the content. */
export const CATALOGUE_LINK = { preventScrollReset: true, state: SCROLL_TO_CONTENT } as const;

/** Spec §2/§9: the scroll offset of a page opened "at the content". */
export const CONTENT_SCROLL_PX = 450;

function wantsContent(state: unknown): boolean {
  return typeof state === "object" && state !== null && "scrollToContent" in state && state.scrollToContent === true;
}

export function useContentScroll(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === "POP" || !wantsContent(location.state)) return;
    window.scrollTo({ top: CONTENT_SCROLL_PX });
  }, [location.key, location.state, navigationType]);
}
