import type { Kysely } from "kysely";

/**
 * Password checks counted per account and client address (decision 053): each client's own window,
 * and one row per account under the client "*" for the account's hourly budget. `succeeded_at`: the
 * client logged in to the account then. They replace the account-wide lock kept on users.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("login_clients")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("client", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("succeeded_at", "text")
    .addPrimaryKeyConstraint("login_clients_pk", ["user_id", "client"])
    .execute();
  for (const column of ["failed_logins", "failed_window_start", "locked_until"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_clients").execute();
  await db.schema
    .alterTable("users")
    .addColumn("failed_logins", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("users").addColumn("failed_window_start", "text").execute();
  await db.schema.alterTable("users").addColumn("locked_until", "text").execute();
}
