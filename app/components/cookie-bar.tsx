import { useEffect, useState, type ComponentType } from "react";
import { readCookie } from "../../common/cookies.ts";
import { CONSENT_COOKIE } from "../lib/cookies.ts";
import { COOKIE_BAR_DELAY_MS } from "../lib/timings.ts";

type Consent = ComponentType<{ onAnswered: () => void }>;

/**
 * Asks once for cookie consent, a second after the page appears, unless the answer is already stored
 * (spec §2). Never rendered on the server: the answer lives in the browser only. The bar's own code
 * loads after the page is hydrated, only for a visitor who has not answered, and is there before its
 * second is up (decision 056).
 */
export function CookieBar() {
  const [Bar, setBar] = useState<Consent | null>(null);
  useEffect(() => {
    if (readCookie(document.cookie, CONSENT_COOKIE) !== null) return;
    let cancelled = false;
    // Unreachable now (offline): no bar, the next page asks.
    const loading = import("./cookie-consent.tsx").then(
      ({ default: bar }) => bar,
      () => null,
    );
    const timer = window.setTimeout(() => {
      void loading.then((bar) => {
        if (bar && !cancelled) setBar(() => bar);
      });
    }, COOKIE_BAR_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, []);
  return Bar ? <Bar onAnswered={() => setBar(null)} /> : null;
}
