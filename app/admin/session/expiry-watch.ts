import { SessionExpiryTimer } from "./expiry-timer.ts";
import { onSessionChange, readSession, readTokenClaims } from "./token-store.ts";

/**
 * The one expiry watch of the admin (spec §4): armed for the stored token, re-armed when a refresh
 * or a password change stores a new one, stopped when the session is cleared. The admin shell
 * supplies what a warning does (it opens the dialog) to `watchSessionExpiry`.
 */

let warn: () => void = () => {};
const timer = new SessionExpiryTimer(() => warn());

function expiryOf(token: string | undefined): number | null {
  return token ? (readTokenClaims(token)?.expiresAt ?? null) : null;
}

/** Starts watching the stored session and follows its changes; returns the stop function. */
export function watchSessionExpiry(onWarning: () => void): () => void {
  warn = onWarning;
  const follow = () => timer.watch(expiryOf(readSession()?.token));
  follow();
  const unsubscribe = onSessionChange(follow);
  return () => {
    unsubscribe();
    timer.stop();
    warn = () => {};
  };
}

/** Called by the API client before each admin request: a token already in the window warns now. */
export function noteAdminRequest(token: string): void {
  timer.check(expiryOf(token));
}
