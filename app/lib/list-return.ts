import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { LANGUAGE_PARAMETER } from "../../common/language/language.ts";
import { SCROLL_TO_CONTENT } from "./use-content-scroll.ts";

/** The longest query kept for the way back: a category's filters and order fit in far less. */
const LONGEST_QUERY = 2000;

/**
 * The state a category's card link passes to the product page: the category page's address as the
 * visitor left it (its filters and order), so that the product page's "Înapoi la <categorie>"
 * returns to the same list rather than to all of the category's machines. It opens the product
 * scrolled to the content, as every link inside the catalogue (use-content-scroll.ts).
 */
export function listReturnState(pathname: string, search: string) {
  return { ...SCROLL_TO_CONTENT, list: { pathname, search } };
}

/**
 * The query the history entry's state names for `pathname` (a list the page was opened from), or "".
 * Without its language: the way back keeps the language the visitor has now, which they may have
 * switched on the product page since (an address's `?lang=` would switch it back).
 */
function returnQuery(state: unknown, pathname: string | null): string {
  if (pathname === null || typeof state !== "object" || state === null || !("list" in state)) return "";
  const { list } = state;
  if (typeof list !== "object" || list === null || !("pathname" in list) || !("search" in list)) return "";
  const { pathname: from, search } = list;
  if (
    from !== pathname ||
    typeof search !== "string" ||
    !search.startsWith("?") ||
    search.length > LONGEST_QUERY ||
    search.includes("#")
  )
    return "";
  const query = new URLSearchParams(search);
  query.delete(LANGUAGE_PARAMETER);
  return query.size > 0 ? `?${query}` : "";
}

/** Another history entry renders the page again (useLocation): there is nothing else to subscribe to. */
const unchanging = () => () => {};

/**
 * Where a link back to the list at `pathname` goes: that list as the visitor left it when the page
 * was opened from it (in this tab, a reload included), else `pathname` itself (null: no list). The
 * server knows no history entry: a hydrating page renders its markup first, then adds the query.
 */
export function useListReturn(pathname: string | null): string | null {
  const { state } = useLocation();
  const search = useSyncExternalStore(
    unchanging,
    () => returnQuery(state, pathname),
    () => "",
  );
  return pathname === null ? null : `${pathname}${search}`;
}
