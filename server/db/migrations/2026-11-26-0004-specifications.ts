import type { Kysely } from "kysely";

/**
 * Typed specifications (decision 057): each category's definitions in order, a choice's options in
 * order, and each machine's values in typed columns (one of them set, by the definition's kind), so
 * the database can compare and sort figures. Definitions go with their category, options with their
 * definition and values with any of product, definition or option (ON DELETE CASCADE). New tables
 * only: existing rows stay valid, categories without definitions and machines without values.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("specifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("category_id", "text", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("unit", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("on_card", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("filter", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("specifications_category_key", ["category_id", "key"])
    .execute();

  await db.schema
    .createTable("specification_options")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("specification_id", "text", (c) => c.notNull().references("specifications.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull())
    .addUniqueConstraint("specification_options_specification_key", ["specification_id", "key"])
    .execute();

  await db.schema
    .createTable("product_specification_values")
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("specification_id", "text", (c) => c.notNull().references("specifications.id").onDelete("cascade"))
    .addColumn("number_value", "double precision")
    .addColumn("option_id", "text", (c) => c.references("specification_options.id").onDelete("cascade"))
    .addColumn("yes_no", "integer")
    .addColumn("text_ro", "text")
    .addColumn("text_en", "text")
    .addPrimaryKeyConstraint("product_specification_values_pk", ["product_id", "specification_id"])
    .execute();
  // A definition's values (filters, the machines an edit affects); an option's, for its cascade.
  await db.schema
    .createIndex("product_specification_values_specification_idx")
    .on("product_specification_values")
    .columns(["specification_id", "number_value"])
    .execute();
  await db.schema
    .createIndex("product_specification_values_option_idx")
    .on("product_specification_values")
    .column("option_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("product_specification_values").execute();
  await db.schema.dropTable("specification_options").execute();
  await db.schema.dropTable("specifications").execute();
}
