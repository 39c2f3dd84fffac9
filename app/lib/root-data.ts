import { languageOfRequest } from "../../common/language/language.ts";

/**
 * What the root loader gives every page. Kept apart from root.tsx so hooks that read it (the
 * language) need not import the root module, which imports them.
 */
export function rootData(request: Request) {
  // The address's ?lang= first, then the cookie, so the server renders the visitor's choice (no flash of Romanian).
  return { lang: languageOfRequest(new URL(request.url), request.headers.get("Cookie")) };
}

export type RootData = ReturnType<typeof rootData>;
