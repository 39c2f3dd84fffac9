import { data, redirect, type ClientLoaderFunctionArgs } from "react-router";
import { ApiError, SessionEnded } from "../api/api-client.ts";
import { currentPath, loginUrl } from "../session/login-url.ts";
import { isAuthenticated } from "../session/token-store.ts";

/** Where a person who must enrol a second factor is sent. */
export const SECURITY_PATH = "/admin/main/securitate";

/**
 * The client loader of every screen in the shell (spec §2: preloaded data, so a screen never
 * renders empty; §4: only an authenticated user may enter). Without a session, or when the API
 * answers 401, it redirects to the login page remembering the page asked for. A 403 (the role lacks the
 * screen's right, decision 091) reaches the ErrorBoundary as a 403 response, which says "Nu aveți acces";
 * other failures reach the route's ErrorBoundary as they are.
 *
 * It also runs when a page is first loaded (`hydrate`): the session lives in the browser, so the
 * server cannot load a screen's data; it sends the shell's HydrateFallback instead
 * (routes/admin/main-layout.tsx). React Router shows the fallback of the highest route still
 * loading, which is always the shell: that one fallback is every screen's loading state, and a
 * screen exports none. (React Router hydrates a route without a server loader anyway; the flag
 * says so here once rather than in some screens.)
 */
export function adminLoader<T>(load: (args: ClientLoaderFunctionArgs) => Promise<T>) {
  const guarded = async (args: ClientLoaderFunctionArgs): Promise<T> => {
    const toLogin = () => redirect(loginUrl(currentPath(new URL(args.request.url))));
    if (!isAuthenticated()) throw toLogin();
    try {
      return await load(args);
    } catch (error) {
      if (error instanceof SessionEnded) throw toLogin();
      // Configurare requires a second factor this person has not enrolled yet (decision 092).
      if (error instanceof ApiError && error.codes.includes("SECOND_FACTOR_ENROLMENT_REQUIRED"))
        throw redirect(SECURITY_PATH);
      if (error instanceof ApiError && error.status === 403) throw data(null, { status: 403 });
      throw error;
    }
  };
  return Object.assign(guarded, { hydrate: true as const });
}
