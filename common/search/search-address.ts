/**
 * The results page's address and its query (decision 060): what the header's box, the page and the
 * JSON-LD SearchAction share. On its own, so that every page's script carries only these few names.
 */
export const SEARCH_PATH = "/cautare";
export const SEARCH_QUERY_PARAMETER = "q";
/** A query's longest length: longer ones are refused with a message, not searched. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
