/**
 * The admin session of spec §3/§4: the access token and the refresh token in session storage
 * (keys `token` and `refreshToken`); authenticated means a token is present. Listeners hear every
 * change, so the expiry watch restarts when a token is renewed and stops when the session ends.
 */

const TOKEN_KEY = "token";
const REFRESH_TOKEN_KEY = "refreshToken";

export interface TokenPair {
  token: string;
  refreshToken: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled by the browser: nobody is signed in
  }
}

export function readSession(): TokenPair | null {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY);
  const refreshToken = store?.getItem(REFRESH_TOKEN_KEY);
  return token && refreshToken ? { token, refreshToken } : null;
}

export function isAuthenticated(): boolean {
  return readSession() !== null;
}

export function saveSession(pair: TokenPair): void {
  storage()?.setItem(TOKEN_KEY, pair.token);
  storage()?.setItem(REFRESH_TOKEN_KEY, pair.refreshToken);
  for (const listener of listeners) listener();
}

export function clearSession(): void {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(REFRESH_TOKEN_KEY);
  for (const listener of listeners) listener();
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface TokenClaims {
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
  /** The user id (`sub`), which the refresh call sends as `user` (spec §7). */
  user: string | undefined;
}

/** The claims the screens need, read without verifying (the server verifies); null when unreadable. */
export function readTokenClaims(token: string): TokenClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(payload.length / 4) * 4, "="),
    );
    const claims: unknown = JSON.parse(json);
    if (typeof claims !== "object" || claims === null) return null;
    const { exp, sub } = claims as { exp?: unknown; sub?: unknown };
    if (typeof exp !== "number") return null;
    return { expiresAt: exp * 1000, user: typeof sub === "string" ? sub : undefined };
  } catch {
    return null;
  }
}
