import { ROLE_LABELS, ROLES } from "../../../common/team/roles.ts";

/** The roles as a select offers them, in Romanian. */
export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
