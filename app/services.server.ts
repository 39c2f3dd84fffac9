import { createContext, type RouterContextProvider } from "react-router";
import type { Services } from "../server/services.ts";

/** The server's services, handed to loaders through the router context (set in server/ssr.ts). */
export const servicesContext = createContext<Services>();

export function getServices(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}
