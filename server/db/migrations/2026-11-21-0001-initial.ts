import { PostgresAdapter, type Kysely } from "kysely";

/** The whole first schema. Frozen in time: later changes come as new migration files. */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob";

  await db.schema
    .createTable("images")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("bytes", binary, (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("header_image_id", "text", (c) => c.references("images.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("category_id", "text", (c) => c.references("categories.id").onDelete("set null"))
    .addColumn("header_offer", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("technical_data", "text", (c) => c.notNull())
    .addColumn("header_image_id", "text", (c) => c.notNull().references("images.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("products_category_idx").on("products").column("category_id").execute();

  await db.schema
    .createTable("product_gallery")
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("image_id", "text", (c) => c.notNull().references("images.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_gallery_pk", ["product_id", "position"])
    .execute();

  await db.schema
    .createTable("banners")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("image_id", "text", (c) => c.notNull().references("images.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("configuration")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("app_state")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("tokens_valid_after", "text", (c) => c.notNull())
    .addColumn("failed_logins", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failed_window_start", "text")
    .addColumn("locked_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("family_id", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refresh_tokens_family_idx").on("refresh_tokens").column("family_id").execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("contact_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("categories", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("mail_outbox_due_idx")
    .on("mail_outbox")
    .columns(["sent_at", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("captcha_spent")
    .addColumn("signature", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "captcha_spent",
    "mail_outbox",
    "contact_requests",
    "password_resets",
    "refresh_tokens",
    "users",
    "app_state",
    "configuration",
    "banners",
    "product_gallery",
    "products",
    "categories",
    "images",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
