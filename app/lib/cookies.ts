/** The few cookies the public site keeps for itself (language, consent): read on both sides, written in the browser. */

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The value of one cookie in a Cookie header (or document.cookie), or null when it is absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** Browser only: a first-party cookie kept for a year, sent with every page request. */
export function writeCookie(name: string, value: string): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}
