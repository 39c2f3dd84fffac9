import { createContext, type RouterContextProvider } from "react-router";
import type { Services } from "../server/services.ts";

/** The server's services, handed to loaders through the router context (set in server/ssr.ts). */
export const servicesContext = createContext<Services>();

/** The id server/app.ts gave the request (X-Request-Id): errors of the page are logged with it. */
export const requestIdContext = createContext<string>("");

/** Set by server/ssr.ts on production renders: marks the application's inline scripts (see app/lib/script-nonce.ts). */
export const scriptMarkContext = createContext<string | undefined>(undefined);

export function getServices(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

/** The client's address (server/http/client-address.ts, TRUST_PROXY-aware): the contact action's rate limit and captcha use it. */
export const clientAddressContext = createContext<string>("unknown");

/** Who is asking a page's action: the client address and the logs' request id. */
export function getClient(context: Readonly<RouterContextProvider>): { address: string; requestId: string } {
  return { address: context.get(clientAddressContext), requestId: context.get(requestIdContext) };
}
