import { useEffect } from "react";

/** Spec §9: registration waits for the app to be stable, or this long at most. */
export const SERVICE_WORKER_FALLBACK_MS = 30_000;

/** Resolves once the page has loaded and the browser has a quiet moment ("stable"), or after the fallback delay. */
function whenStable(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = window.setTimeout(resolve, SERVICE_WORKER_FALLBACK_MS);
    const idle = () => {
      const done = () => {
        window.clearTimeout(fallback);
        resolve();
      };
      if ("requestIdleCallback" in window) window.requestIdleCallback(done, { timeout: SERVICE_WORKER_FALLBACK_MS });
      else done();
    };
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  });
}

/**
 * Spec §1/§4: the service worker is registered in production builds only, from the public pages,
 * once the app is stable (with a 30 s fallback); an update activates and reloads the page.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    // The admin module is never cached by it (vite-plugins/service-worker.ts) and does not register it.
    if (!import.meta.env.PROD || window.location.pathname.startsWith("/admin")) return;
    let cancelled = false;
    void whenStable().then(() => {
      // The registration's code loads only now: no page needs it to hydrate (decision 056).
      // Unreachable now (offline), it is tried again on the next page.
      if (!cancelled)
        import("./service-worker-registration.ts").then(
          ({ register }) => register(),
          () => undefined,
        );
    });
    return () => {
      cancelled = true;
    };
  }, []);
}
