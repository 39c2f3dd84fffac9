/** The addresses of the screens that another feature's screen links to. */

/** The inbox's address; its filter follows as a query string. */
export const LEADS_PATH = "/admin/main/leads";

/** The planner's screen; `?booking=<id>` opens it at that booking. */
export const PLANNER_PATH = "/admin/main/planificare";

/** The offers' list; `/<id>` opens one offer. */
export const OFFERS_PATH = "/admin/main/oferte";
