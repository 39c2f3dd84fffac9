import { api } from "../api/api-client.ts";
import { clearSession, readSession, readTokenClaims, saveSession, type TokenPair } from "../session/token-store.ts";

/** The session calls of spec §7 as the admin screens make them. */

/** The password step's answer for an account with a second factor (decision 092). */
export interface CodeChallenge {
  secondFactor: "totp";
  challenge: string;
  expiresIn: number;
}

/** Signs in, or answers the challenge the code step needs when the account has a second factor. */
export async function logIn(username: string, password: string): Promise<CodeChallenge | undefined> {
  const reply = await api.post<TokenPair | CodeChallenge>("/api/login", { username, password }, { anonymous: true });
  if ("challenge" in reply) return reply;
  saveSession(reply);
  return undefined;
}

/** The code step: a code of the app, or a recovery code. */
export async function logInWithCode(
  challenge: string,
  answer: { code: string } | { recoveryCode: string },
): Promise<void> {
  saveSession(await api.post<TokenPair>("/api/login/code", { challenge, ...answer }, { anonymous: true }));
}

/** 'Stay connected': a new token pair replaces the stored one (the refresh token rotates). */
export async function renewSession(): Promise<void> {
  const session = readSession();
  if (!session) return;
  const user = readTokenClaims(session.token)?.user;
  saveSession(await api.post<TokenPair>("/api/token/refresh", { user, refreshToken: session.refreshToken }));
}

/** 'Disconnect' from the expiry dialog: the server forgets the refresh token, the browser the session. */
export async function rejectSession(): Promise<void> {
  const session = readSession();
  clearSession();
  if (session)
    await api
      .post("/api/token/reject", { refreshToken: session.refreshToken }, { anonymous: true, quiet: true })
      .catch(() => {});
}

/** Deconectare: the server ends the session; the browser forgets it whatever the server answered. */
export async function logOut(): Promise<void> {
  try {
    if (readSession()) await api.get("/api/logout", { quiet: true });
  } catch {
    // Unreachable or already expired: the session ends here all the same.
  } finally {
    clearSession();
  }
}
