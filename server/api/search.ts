import {
  searchMissListSchema,
  suggestionListSchema,
  suggestionQuerySchema,
} from "../../common/search/search-schemas.ts";
import { clientAddress } from "../http/client-address.ts";
import { takeOrRefuse } from "../http/rate-limiter.ts";
import { SUGGESTIONS_PER_ADDRESS_PER_MINUTE } from "../search/rate-limits.ts";
import { suggestions } from "../search/search-results.ts";
import { adminRoute, apiRouter, errorReplies, jsonReply, publicRoute } from "./route-factory.ts";

const suggestionListReply = suggestionListSchema.meta({ id: "SearchSuggestions" });
const searchMissListReply = searchMissListSchema.meta({ id: "SearchMisses" });

/**
 * The site's search (decision 060), mounted at /api/search: the suggestions under the header's box,
 * and the administrator's searches without results.
 */
export const searchRoutes = apiRouter()
  .openapi(
    publicRoute({
      method: "get",
      path: "/suggestions",
      operationId: "getSearchSuggestions",
      tags: ["search"],
      summary: "The machines a query finds, for the suggestions under the search box",
      description:
        "At most 8, best first: a match of the model, then of the category (its Romanian or English name), then of the texts. Words are matched whatever the case and diacritics, by their beginning, and from 5 letters with one typo; a model with or without spaces and dashes; a figure with a unit (`20 m`, `5 t`) against the machines' typed specifications. A suggestion is not logged as a search.",
      request: { query: suggestionQuerySchema },
      responses: {
        200: jsonReply("The suggestions; an empty list when nothing matches.", suggestionListReply),
        ...errorReplies({
          400: "REQUIRED_SEARCH_QUERY (empty), INVALID_SEARCH_QUERY (over 100 characters).",
          429: `ERROR_TOO_MANY_REQUESTS: over ${SUGGESTIONS_PER_ADDRESS_PER_MINUTE} calls a minute from one client address (IPv6 per /64); Retry-After says when to ask again.`,
        }),
      },
    }),
    async (c) => {
      const { q, lang } = c.req.valid("query");
      takeOrRefuse(c.var.services.rateLimits.suggestions, clientAddress(c, c.var.services.config));
      return c.json({ items: await suggestions(c.var.services.search, q, lang ?? "ro") }, 200);
    },
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/misses",
      operationId: "listSearchMisses",
      right: "catalogue.read",
      tags: ["search"],
      summary: "Searches of the last 90 days that found nothing",
      description:
        "Grouped by their folded text (lower case, without diacritics), the most searched first, at most 200, each with its count and when it was last searched. Nothing names a visitor: no address or cookie is kept.",
      responses: { 200: jsonReply("The searches without results.", searchMissListReply) },
    }),
    async (c) => c.json({ items: await c.var.services.search.recentMisses() }, 200),
  );
