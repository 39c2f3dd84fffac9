import { createContext, useContext } from "react";

/**
 * The nonce React Router writes on the application's own inline scripts while the server renders a
 * production page. It is not a CSP nonce: server/pages/csp.ts hashes the scripts that carry it and
 * removes it from the page, so the browser never sees it (and renders without it when it hydrates).
 */
export const ScriptNonceContext = createContext<string | undefined>(undefined);

export function useScriptNonce(): string | undefined {
  return useContext(ScriptNonceContext);
}
