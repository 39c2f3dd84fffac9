import { redirect, type ClientLoaderFunctionArgs } from "react-router";
import { SessionEnded } from "../api/api-client.ts";
import { currentPath, loginUrl } from "./login-url.ts";
import { isAuthenticated } from "./token-store.ts";

/**
 * A guarded client loader for the shell's pages (spec §2: preloaded data, §4: only an
 * authenticated user may enter). Without a session, or when the API answers 401, it redirects to
 * the login page remembering the page asked for. Other failures reach the route's ErrorBoundary.
 */
export function adminLoader<T>(load: (args: ClientLoaderFunctionArgs) => Promise<T>) {
  return async (args: ClientLoaderFunctionArgs): Promise<T> => {
    const toLogin = () => redirect(loginUrl(currentPath(new URL(args.request.url))));
    if (!isAuthenticated()) throw toLogin();
    try {
      return await load(args);
    } catch (error) {
      if (error instanceof SessionEnded) throw toLogin();
      throw error;
    }
  };
}
