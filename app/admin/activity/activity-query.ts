import {
  activityListQuerySchema,
  type ActivityFilter,
  type ActivityListQuery,
} from "../../../common/activity/activity-schemas.ts";

/** The log's screen; its filter follows as a query string. */
export const ACTIVITY_PATH = "/admin/main/jurnal";

/** The filter's parameters, in the order the address writes them. */
const FILTER_KEYS = ["action", "kind", "user", "from", "to"] as const satisfies readonly (keyof ActivityFilter)[];

/**
 * The filter and the page live in the address (?action=&kind=&user=&from=&to=&offset=), so a
 * reload, the back button and a shared link show the same entries. Read with the API's own schema:
 * a parameter it would refuse (a hand-edited address) is dropped rather than failing the page.
 */
export function readActivityQuery(params: URLSearchParams): ActivityListQuery {
  const query: ActivityListQuery = {};
  for (const key of [...FILTER_KEYS, "offset"] as const) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    const parsed = activityListQuerySchema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(query, parsed.data);
  }
  return query;
}

/** `?action=…&kind=…` with the empty parts left out ('' when nothing is set). */
export function activityQueryString(query: ActivityListQuery): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.offset) params.set("offset", String(query.offset));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The query without its page: what the CSV export takes. */
export function activityFilterOf(query: ActivityListQuery): ActivityFilter {
  const { offset: _offset, ...filter } = query;
  return filter;
}
