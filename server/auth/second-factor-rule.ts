import type { Kysely } from "kysely";
import { requiresSecondFactor } from "../../common/schemas/configuration-keys.ts";
import { hasConfirmedSecondFactor } from "../db/repositories/second-factors.ts";
import type { Database } from "../db/schema.ts";

/**
 * Whether this person must have a second factor: while Configurare requires it of administrators
 * and the person is one. Every account is the administrator today; with roles, `isAdministrator`
 * reads the person's role. The one place of this rule (decision 092).
 */
export function secondFactorRequired(
  requiredForAdministrators: boolean,
  person: { isAdministrator: boolean },
): boolean {
  return requiredForAdministrators && person.isAdministrator;
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
 * not enrolled. An enrolled account costs one lookup by primary key; the setting is read only then.
 */
export async function mustEnrolFirst(db: Kysely<Database>, userId: string): Promise<boolean> {
  if (await hasConfirmedSecondFactor(db, userId)) return false;
  return secondFactorRequired(await requiredSetting(db), { isAdministrator: true });
}

/** The person's second factor as their screens show it. */
export async function secondFactorState(
  db: Kysely<Database>,
  userId: string,
): Promise<{ enabled: boolean; required: boolean }> {
  const enabled = await hasConfirmedSecondFactor(db, userId);
  return { enabled, required: secondFactorRequired(await requiredSetting(db), { isAdministrator: true }) };
}
