import { useCallback, type MouseEvent } from "react";
import { useNavigate, type NavigateOptions } from "react-router";

/**
 * One click handler for the plain links of a long list (a category's cards, the category menu, up
 * to hundreds each): it opens a link's page in the app as a `<Link>` does, without a `<Link>` per
 * link. A `<Link>` costs the server's render a path resolved per link, and renders again whenever
 * the address changes, which a category's filters do at every keystroke. As a `<Link>`, a link to
 * the address shown replaces its history entry instead of adding another.
 * The list's links are `<a href data-discover="true">`, the markup a `<Link>` writes (the router
 * learns their routes from the attribute as it does for a `<Link>`). A click the browser should
 * handle itself (another button, a modifier key, a target, a download, another site) is left to it.
 * `options` (or the function that gives them at a click) must keep its identity.
 */
export function useListLinks(
  options: NavigateOptions | (() => NavigateOptions),
): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey
      )
        return;
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (
        !link ||
        !event.currentTarget.contains(link) ||
        link.target ||
        link.hasAttribute("download") ||
        link.origin !== window.location.origin
      )
        return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      const shown = link.pathname === pathname && link.search === search && link.hash === hash;
      const chosen = typeof options === "function" ? options() : options;
      void navigate(
        { pathname: link.pathname, search: link.search, hash: link.hash },
        shown ? { ...chosen, replace: true } : chosen,
      );
    },
    [navigate, options],
  );
}
