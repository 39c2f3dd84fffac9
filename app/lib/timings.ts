/** Delays the specification fixes for the public pages (spec §2, §9). */
export const BANNER_INTERVAL_MS = 4000;
/** The first banner comes with the page; the others are asked for this long after it appears. */
export const BANNER_FETCH_DELAY_MS = 1000;
export const COOKIE_BAR_DELAY_MS = 1000;
/** Spec §9: how long an error toast stays. */
export const TOAST_ERROR_MS = 5000;
