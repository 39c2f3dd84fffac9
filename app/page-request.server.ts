import type { RouterContextProvider } from "react-router";
import type { PageRequest, PageServices } from "../server/pages/page-context.ts";

/**
 * What a page's loader or action may ask of the server: the server renders every page with a
 * PageContext (server/pages/page-context.ts) carrying it. Only its types are imported here, so the
 * page build holds no copy of server code.
 */
export function pageRequest(context: Readonly<RouterContextProvider>): PageRequest {
  if (!("page" in context))
    throw new Error("This page was rendered without the server's PageContext (server/pages/page-context.ts)");
  return context.page as PageRequest;
}

/** The server's services for pages: the catalogue, the contact form, the site's address, the logger. */
export function servicesOf(context: Readonly<RouterContextProvider>): PageServices {
  return pageRequest(context).services;
}
