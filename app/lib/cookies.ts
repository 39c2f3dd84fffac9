/**
 * The few cookies the public site keeps for itself (language, consent), written in the browser;
 * common/cookies.ts reads them.
 */

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Browser only: a first-party cookie kept for a year, sent with every page request. */
export function writeCookie(name: string, value: string): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** The visitor's answer to the cookie bar: "true" or "false". */
export const CONSENT_COOKIE = "cookie_consent";
