import type { Kysely } from "kysely";

/**
 * The second factor (decision 092): one TOTP secret per account (encrypted; `confirmed_at` null while
 * enrolment waits for its first code; `last_step` the last time step accepted, so no code works
 * twice), its recovery codes (keyed hashes, each used once), the short-lived challenges that join the
 * password step to the code step, and what the sessions list shows of each refresh token: the
 * browser and the address that made it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("second_factors")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    .addColumn("last_step", "bigint")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull().unique())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("user_id").execute();
  await db.schema
    .createTable("login_challenges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_challenges_expiry").on("login_challenges").column("expires_at").execute();
  await db.schema.alterTable("refresh_tokens").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("refresh_tokens").addColumn("address", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("refresh_tokens").dropColumn("address").execute();
  await db.schema.alterTable("refresh_tokens").dropColumn("user_agent").execute();
  await db.schema.dropTable("login_challenges").execute();
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.dropTable("second_factors").execute();
}
