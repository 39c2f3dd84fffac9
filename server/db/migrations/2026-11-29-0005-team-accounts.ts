import type { Kysely } from "kysely";

/**
 * The team's accounts (decision 091). Each account gets a name, a role (administrator, vanzari, catalog),
 * a folded user name (lower case, diacritics dropped) under a unique index, so "Ana", "ana" and "Ană" cannot
 * be three accounts, when it was deactivated, and who invited it. The accounts there are become
 * administrators, as they were. An invitation is a link to choose the first password: only its hash is
 * stored, it lives 72 hours and is used once.
 */

/** Frozen here: the server's own fold (server/users/user-name-key.ts) must give the same keys. */
function fold(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("username_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("administrator"))
    .execute();
  await db.schema.alterTable("users").addColumn("deactivated_at", "text").execute();
  await db.schema.alterTable("users").addColumn("invited_by", "text").execute();
  const users = (await db.selectFrom("users").select(["id", "username"]).execute()) as {
    id: string;
    username: string;
  }[];
  for (const user of users)
    await db
      .updateTable("users")
      .set({ username_key: fold(user.username), name: user.username })
      .where("id", "=", user.id)
      .execute();
  await db.schema.createIndex("users_username_key_idx").on("users").column("username_key").unique().execute();
  // "Is another active administrator left?": counted at every demotion and deactivation.
  await db.schema.createIndex("users_role_idx").on("users").columns(["role", "deactivated_at"]).execute();

  await db.schema
    .createTable("user_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("user_invitations_user_idx").on("user_invitations").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_invitations").execute();
  await db.schema.dropIndex("users_role_idx").execute();
  await db.schema.dropIndex("users_username_key_idx").execute();
  for (const column of ["invited_by", "deactivated_at", "role", "username_key", "name"])
    await db.schema.alterTable("users").dropColumn(column).execute();
}
