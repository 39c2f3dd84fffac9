/** Spec §8: what is raised when the browser cannot run a service worker. */
export const SERVICE_WORKER_UNSUPPORTED = "Service workers are disabled or not supported by this browser";
/** Written by vite-plugins/service-worker.ts into the client build. */
const SCRIPT = "/sw.js";

/** Registers the site's service worker and asks for a newer one; an update reloads the page (spec §4). */
export async function register(): Promise<void> {
  if (!("serviceWorker" in navigator)) {
    console.error(SERVICE_WORKER_UNSUPPORTED);
    return;
  }
  const container = navigator.serviceWorker;
  // A worker that replaces the one in control has just activated (it skips waiting): load the page
  // again so that it runs with the new version's files. The very first worker takes control of a
  // page that has none, which needs no reload.
  if (container.controller)
    container.addEventListener("controllerchange", () => window.location.reload(), { once: true });
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
