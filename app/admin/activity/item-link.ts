import type { ActivityEntry } from "../../../common/activity/activity-schemas.ts";

/** The admin screen of an entry's item while it exists; none for an item gone, a login, a reordering. */
export function itemLink(entry: Pick<ActivityEntry, "kind" | "itemId" | "itemExists">): string | undefined {
  if (!entry.itemExists) return undefined;
  if (entry.kind === "configuration") return "/admin/main/configuration";
  if (entry.itemId === null) return undefined;
  switch (entry.kind) {
    case "product":
      return `/admin/main/products/edit/${entry.itemId}`;
    case "category":
      return `/admin/main/categories/edit/${entry.itemId}`;
    case "banner":
      return "/admin/main/banner";
    case "lead":
      return `/admin/main/leads/${entry.itemId}`;
    case "booking":
      return `/admin/main/planificare?booking=${entry.itemId}`;
    default:
      return undefined;
  }
}
