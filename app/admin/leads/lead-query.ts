import { leadListQuerySchema, type LeadListQuery } from "../../../common/schemas/leads.ts";

/**
 * The list's filter and page live in the address (?q=&status=&page=), so a reload, the back button
 * and a shared link show the same requests. Read with the API's own schema: a parameter it would
 * refuse (a hand-edited address) is dropped, each on its own, rather than failing the page.
 */
export function readLeadQuery(params: URLSearchParams): LeadListQuery {
  const query: LeadListQuery = {};
  for (const key of ["q", "status", "page", "pageSize"] as const) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    const parsed = leadListQuerySchema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(query, parsed.data);
  }
  return query;
}

/** `?q=…&status=…` with the empty parts left out ('' when nothing is set). */
export function leadQueryString(query: LeadListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.pageSize) params.set("pageSize", String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : "";
}
