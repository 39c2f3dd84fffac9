import { createRequestHandler, type RequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { pageBundleOf, type PageBundle } from "../../common/pages/page-bundles.ts";

/**
 * The production build's page bundles (common/pages/page-bundles.ts): the public one, loaded before the
 * server starts; the admin's, loaded by the first request that needs it.
 */
export interface ProductionBuild {
  public: ServerBuild;
  admin: () => Promise<ServerBuild>;
}

/** Where the browser asks which routes answer some paths (React Router's lazy route discovery, its default). */
const MANIFEST_PATH = "/__manifest";

type BundleHandler = (bundle: PageBundle) => Promise<RequestHandler>;

/**
 * React Router's handler over both bundles: a request goes to the bundle holding the routes of its
 * address. The admin's bundle is imported on its first request (again on the next one if that
 * import failed), so an instance that serves only the public site never holds the admin's UI.
 */
export function bundlesHandler(build: ProductionBuild): RequestHandler {
  const publicHandler = createRequestHandler(build.public, "production");
  let adminHandler: Promise<RequestHandler> | undefined;
  const handlerOf: BundleHandler = async (bundle) => {
    if (bundle === "public") return publicHandler;
    adminHandler ??= build.admin().then(
      (admin) => createRequestHandler(admin, "production"),
      (error: unknown) => {
        adminHandler = undefined;
        throw error;
      },
    );
    return adminHandler;
  };
  return async (request, context) => {
    const url = new URL(request.url);
    if (url.pathname === MANIFEST_PATH) return manifestAnswer(request, url, context, handlerOf);
    return (await handlerOf(pageBundleOf(url.pathname)))(request, context);
  };
}

/**
 * A route manifest request names several paths (the links of a page, each with its ancestors): each
 * bundle describes the routes of its own paths and their answers are merged, as one build of every
 * route would answer. A bundle's refusal (an outdated version, 204 asking the browser to reload; a
 * malformed request) is the answer.
 */
async function manifestAnswer(
  request: Request,
  url: URL,
  context: RouterContextProvider | undefined,
  handlerOf: BundleHandler,
): Promise<Response> {
  const paths = (url.searchParams.get("paths") ?? "").split(",").filter(Boolean);
  const byBundle = Map.groupBy(paths, (page) => pageBundleOf(page.startsWith("/") ? page : `/${page}`));
  if (byBundle.size <= 1) return (await handlerOf(byBundle.keys().next().value ?? "public"))(request, context);
  const answers = await Promise.all(
    [...byBundle].map(async ([bundle, own]) => {
      const asked = new URL(url);
      asked.searchParams.set("paths", own.join(","));
      return (await handlerOf(bundle))(new Request(asked, request), context);
    }),
  );
  const refused = answers.find((answer) => answer.status !== 200);
  if (refused) return refused;
  const patches: Record<string, unknown> = {};
  for (const answer of answers) Object.assign(patches, (await answer.json()) as Record<string, unknown>);
  return Response.json(patches, {
    headers: { "Cache-Control": answers[0].headers.get("Cache-Control") ?? "no-cache" },
  });
}
