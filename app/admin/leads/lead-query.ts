import {
  leadWithOfferListQuerySchema,
  type LeadWithOfferFilter as LeadFilter,
  type LeadWithOfferListQuery as LeadListQuery,
} from "../../../common/offers/lead-offers.ts";
import { LEADS_PATH } from "../ui/screen-paths.ts";

/** The filter's parameters, in the order the address writes them. */
const FILTER_KEYS = [
  "q",
  "status",
  "product",
  "category",
  "startFrom",
  "startTo",
  "receivedFrom",
  "receivedTo",
  "offer",
] as const satisfies readonly (keyof LeadFilter)[];

/**
 * The list's filter and page live in the address (?q=&status=&product=&startFrom=…&offer=…&page=), so a
 * reload, the back button and a shared link show the same requests. Read with the API's own schema:
 * a parameter it would refuse (a hand-edited address) is dropped, each on its own, rather than
 * failing the page.
 */
export function readLeadQuery(params: URLSearchParams): LeadListQuery {
  const query: LeadListQuery = {};
  for (const key of [...FILTER_KEYS, "page", "pageSize"] as const) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    const parsed = leadWithOfferListQuerySchema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(query, parsed.data);
  }
  return query;
}

/** `?q=…&status=…` with the empty parts left out ('' when nothing is set). */
export function leadQueryString(query: LeadListQuery): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.pageSize) params.set("pageSize", String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The query's filter alone, without its page: what the CSV export and a new search take. */
export function leadFilterOf(query: LeadListQuery): LeadFilter {
  const filter: LeadFilter = {};
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value) Object.assign(filter, { [key]: value });
  }
  return filter;
}

export function isFiltered(query: LeadListQuery): boolean {
  return Object.keys(leadFilterOf(query)).length > 0;
}

/** The inbox showing the requests `filter` matches (the overview's figures link there). */
export function inboxPath(filter: LeadFilter): string {
  return `${LEADS_PATH}${leadQueryString(filter)}`;
}
