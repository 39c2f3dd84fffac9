import { useEffect, useState } from "react";
import { useLocation, useNavigate, type DataStrategyResult, type MiddlewareFunction } from "react-router";
import { isNetworkFailure } from "./network-failure.ts";

/**
 * Spec §8 (status 0): a click that cannot reach the server (dropped request, server down) leaves the
 * visitor on the page they were on — same address, same content — with the status-0 toast.
 *
 * React Router commits a navigation (address and page) when its loaders settle, errors included.
 * The public layout's client middleware sees the loaders' results first: when one of them is a
 * network failure it asks the mounted layout to "stay", which starts a navigation to the page
 * already shown (replacing its history entry, no loader run, no scroll). Starting it aborts the
 * failed navigation, so React Router drops that one instead of committing it.
 *
 * Back and forward are left as they are: the browser has already moved the address when the data
 * is asked for, so the page's own error (with the same toast) shows in the layout's outlet.
 */

/** Set while a public layout is mounted; answers whether it kept the visitor where they were. */
let stayOnPage: (() => boolean) | undefined;

/** The public layout's `clientMiddleware`. */
export const keepPageOnNetworkFailure: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { request },
  next,
) => {
  const results = await next();
  const failed = Object.values(results).some((result) => result.type === "error" && isNetworkFailure(result.result));
  if (!failed || request.signal.aborted) return results;
  const aborted = new Promise<void>((resolve) =>
    request.signal.addEventListener("abort", () => resolve(), { once: true }),
  );
  if (!stayOnPage?.()) return results;
  // The navigation that replaces this one has aborted it: React Router will not commit these results.
  await aborted;
  return results;
};

/**
 * Used once, by the public layout: keeps it ready to stay on the shown page, and returns how many
 * navigations failed so far (a new number is a new toast).
 */
export function useStayOnFailedNavigation(): number {
  const location = useLocation();
  const navigate = useNavigate();
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    stayOnPage = () => {
      // Back/forward: the address already shows the other page (see above).
      if (window.location.pathname + window.location.search !== location.pathname + location.search) return false;
      setFailures((count) => count + 1);
      const here = { pathname: location.pathname, search: location.search, hash: location.hash };
      void navigate(here, { replace: true, preventScrollReset: true, defaultShouldRevalidate: false });
      return true;
    };
    return () => {
      stayOnPage = undefined;
    };
  }, [location, navigate]);
  return failures;
}
