import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { Services } from "./services.ts";

/** Renders every non-API path with React Router; null when the path is not a page (static files). */
export type PageHandler = (request: Request, services: Services) => Promise<Response>;

/**
 * The build carries its own copy of the app's modules, so the context key that loaders read is
 * taken from the build itself (app/entry.server.tsx exports it), never from a second import.
 */
export function pageHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: string): PageHandler {
  const handle = createRequestHandler(build, mode);
  const builds = typeof build === "function" ? build : async () => build;
  return async (request, services) => {
    const context = new RouterContextProvider();
    context.set(servicesKey(await builds()), services);
    return handle(request, context);
  };
}

function servicesKey(build: ServerBuild): RouterContext<Services> {
  const key = (build.entry.module as { servicesContext?: RouterContext<Services> }).servicesContext;
  if (!key) throw new Error("The server build does not export servicesContext from app/entry.server.tsx");
  return key;
}

export const BUILD_DIR = path.resolve(import.meta.dirname, "..", "build");

/** The production build, or null when it has not been built. */
export async function loadProductionBuild(buildDir = BUILD_DIR): Promise<ServerBuild | null> {
  const file = path.join(buildDir, "server", "index.js");
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}
