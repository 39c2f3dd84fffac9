import type { Kysely } from "kysely";
import type { Role } from "../../common/team/roles.ts";
import { requiresSecondFactor } from "../../common/schemas/configuration-keys.ts";
import { hasConfirmedSecondFactor } from "../db/repositories/second-factors.ts";
import type { Database } from "../db/schema.ts";

/** A signed-in person as this rule reads them. */
export interface Person {
  id: string;
  role: Role;
}

/** Configurare's requirement reaches administrators only (decision 091). */
const requirementReaches = (role: Role): boolean => role === "administrator";

/**
 * Whether this person must have a second factor: while Configurare requires it of administrators
 * and the person's role is Administrator (decision 091). The one place of this rule (decision 092).
 */
export function secondFactorRequired(requiredForAdministrators: boolean, role: Role): boolean {
  return requiredForAdministrators && requirementReaches(role);
}

async function requiredSetting(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom("configuration")
    .select("value")
    .where("key", "=", "second_factor_required")
    .executeTakeFirst();
  return requiresSecondFactor(row?.value);
}

/**
 * Whether the signed-in person must enrol before anything else answers them: required of them and
 * not enrolled. Asked on every admin call, so the cheap answers come first: the role, then
 * `cachedRequirement` (the setting as kept per catalogue version, no read while it is fresh), which
 * answers "not required" alone. "Required" is checked as before, the factor then the stored setting,
 * so a setting turned off in the database by hand counts at once.
 */
export async function mustEnrolFirst(
  db: Kysely<Database>,
  person: Person,
  cachedRequirement: () => Promise<boolean>,
): Promise<boolean> {
  if (!requirementReaches(person.role) || !(await cachedRequirement())) return false;
  if (await hasConfirmedSecondFactor(db, person.id)) return false;
  return requiredSetting(db);
}

/** The person's second factor as their screens show it. */
export async function secondFactorState(
  db: Kysely<Database>,
  person: Person,
): Promise<{ enabled: boolean; required: boolean }> {
  const enabled = await hasConfirmedSecondFactor(db, person.id);
  return { enabled, required: secondFactorRequired(await requiredSetting(db), person.role) };
}
