import type { Kysely, Selectable } from "kysely";
import type { Database, SecondFactorTable } from "../schema.ts";

export type SecondFactorRow = Selectable<SecondFactorTable>;

export function findSecondFactor(db: Kysely<Database>, userId: string): Promise<SecondFactorRow | undefined> {
  return db.selectFrom("second_factors").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** Whether the account signs in with a code: its TOTP confirmed. */
export async function hasConfirmedSecondFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("second_factors")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new enrolment, waiting for its first code: replaces one that waited, never a confirmed one. */
export async function startEnrolment(
  db: Kysely<Database>,
  userId: string,
  sealedSecret: string,
  now: string,
): Promise<boolean> {
  await db.deleteFrom("second_factors").where("user_id", "=", userId).where("confirmed_at", "is", null).execute();
  const result = await db
    .insertInto("second_factors")
    .values({ user_id: userId, secret: sealedSecret, confirmed_at: null, last_step: null, created_at: now })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Accepts time step `step` for the account, in one statement: only while it is after the last one
 * accepted, so of two requests with the same code exactly one gets it. `confirm` also confirms a
 * waiting enrolment (only a waiting one); without it, only a confirmed factor takes the step.
 */
export async function claimTimeStep(
  db: Kysely<Database>,
  userId: string,
  step: number,
  confirmAt?: string,
): Promise<boolean> {
  let query = db
    .updateTable("second_factors")
    .set({ last_step: step, ...(confirmAt === undefined ? {} : { confirmed_at: confirmAt }) })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]));
  query =
    confirmAt === undefined ? query.where("confirmed_at", "is not", null) : query.where("confirmed_at", "is", null);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteSecondFactor(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("second_factors").where("user_id", "=", userId).execute();
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
}

/** The account's recovery codes become these (hashes); the old ones stop working. */
export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  userId: string,
  rows: { id: string; codeHash: string }[],
  now: string,
): Promise<void> {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(
      rows.map((row) => ({ id: row.id, user_id: userId, code_hash: row.codeHash, used_at: null, created_at: now })),
    )
    .execute();
}

/** Uses a recovery code of the account, in one statement: false when unknown or used (also by a request at the same time). */
export async function spendRecoveryCode(
  db: Kysely<Database>,
  userId: string,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countUnusedRecoveryCodes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
