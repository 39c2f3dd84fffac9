import { useEffect } from "react";

/** Spec §9: registration waits for the app to be stable, or this long at most. */
export const SERVICE_WORKER_FALLBACK_MS = 30_000;
/** Spec §8: what is raised when the browser cannot run a service worker. */
export const SERVICE_WORKER_UNSUPPORTED = "Service workers are disabled or not supported by this browser";
/** Written by vite-plugins/service-worker.ts into the client build. */
const SCRIPT = "/sw.js";

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

async function register(): Promise<void> {
  if (!("serviceWorker" in navigator)) {
    console.error(SERVICE_WORKER_UNSUPPORTED);
    return;
  }
  const container = navigator.serviceWorker;
  // A worker that replaces the one in control has just activated (it skips waiting): load the page
  // again so that it runs with the new version's files. The very first worker takes control of a
  // page that has none, which needs no reload.
  if (container.controller) container.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await container.register(SCRIPT);
  } catch (error) {
    console.error("Service worker registration failed:", error);
    return;
  }
  // Stable: ask the server whether a newer worker exists. Offline or with the server down the check
  // simply fails; the next stable moment asks again.
  // (A browser that blocks workers may resolve the registration with nothing at all.)
  registration?.update().catch(() => undefined);
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
      if (!cancelled) void register();
    });
    return () => {
      cancelled = true;
    };
  }, []);
}
