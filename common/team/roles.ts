/**
 * The team's roles and the rights of each (decision 091): a fixed set that fits a rental company's work,
 * not a permission editor. Every admin API operation names one right next to its route (adminRoute's
 * `right`); this table is the one place that says which role holds which right. The screens read the same
 * table to show only what the role can use.
 */

export const ROLES = ["administrator", "vanzari", "catalog"] as const;
export type Role = (typeof ROLES)[number];

export const RIGHTS = [
  /** One's own account: who am I, one's password, logging out. */
  "account",
  /** Reading the catalogue as the back-office sees it: a machine's form, the export, the searches without results. */
  "catalogue.read",
  /** Changing the catalogue: categories, machines, specifications, banners, the spreadsheets' import, the trash and the revisions. */
  "catalogue.write",
  /** The inbox: the requests with their personal data, their CSV, their erasure. */
  "leads",
  /** The offers: written from a request, priced, versioned, cancelled (an offer names its customer). */
  "offers",
  /** The bookings, the planner and the calendar feed (a booking names its customer). */
  "bookings",
  /** The activity log (it names every person and every customer touched). */
  "activity",
  /** The site's configuration. */
  "configuration",
  /** The site's state (backups, disk, outbox). */
  "status",
  /** The team: accounts, invitations, roles, deactivation. */
  "team",
] as const;
export type Right = (typeof RIGHTS)[number];

/** The matrix: the rights of each role. */
export const ROLE_RIGHTS: Readonly<Record<Role, readonly Right[]>> = {
  administrator: RIGHTS,
  vanzari: ["account", "catalogue.read", "leads", "offers", "bookings"],
  catalog: ["account", "catalogue.read", "catalogue.write"],
};

const rightSets: Readonly<Record<Role, ReadonlySet<Right>>> = {
  administrator: new Set(ROLE_RIGHTS.administrator),
  vanzari: new Set(ROLE_RIGHTS.vanzari),
  catalog: new Set(ROLE_RIGHTS.catalog),
};

export function roleHasRight(role: Role, right: Right): boolean {
  return rightSets[role].has(right);
}

/** The roles that hold a right, as the OpenAPI document states them. */
export function rolesWithRight(right: Right): Role[] {
  return ROLES.filter((role) => roleHasRight(role, right));
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The roles' names on the screens. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  administrator: "Administrator",
  vanzari: "Vânzări",
  catalog: "Catalog",
};
