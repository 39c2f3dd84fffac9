import { sql, type Kysely } from "kysely";

/**
 * The quote list of a contact request: one row per machine asked for, in the visitor's order, with
 * the wished start day, the number of days and the operator flag, and a snapshot of the machine's
 * model and category as they were (the catalogue may change or lose the machine later; `product_id`
 * and `category_id` are therefore plain values, not foreign keys), and when its request was received
 * (the request's created_at, so the overview counts a period's machines without reading the
 * requests). Erased with its request.
 * Indexed for the inbox's filters and the demand overview. Requests stored before about one machine
 * get it as their list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contact_request_items")
    .addColumn("request_id", "text", (c) => c.notNull().references("contact_requests.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("product_model", "text", (c) => c.notNull())
    .addColumn("category_id", "text")
    .addColumn("category_name", "text")
    .addColumn("start_date", "text")
    .addColumn("days", "integer")
    .addColumn("with_operator", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("received_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("contact_request_items_pk", ["request_id", "position"])
    .execute();
  // A request about one machine ('CERETI OFERTA') asked for it: its list of one, with the category the machine has now.
  await sql`
    insert into contact_request_items (request_id, position, product_id, product_model, category_id, category_name, with_operator, received_at)
    select r.id, 0, r.product_id, r.product_model, p.category_id, c.name, 0, r.created_at
    from contact_requests r
    left join products p on p.id = r.product_id
    left join categories c on c.id = p.category_id
    where r.product_id is not null and r.product_model is not null
  `.execute(db);
  // The inbox's filters find requests from their machines; the overview counts machines of a period from the index
  // alone.
  await db.schema
    .createIndex("contact_request_items_product_idx")
    .on("contact_request_items")
    .columns(["product_id", "received_at", "request_id"])
    .execute();
  await db.schema
    .createIndex("contact_request_items_category_idx")
    .on("contact_request_items")
    .columns(["category_id", "received_at", "request_id"])
    .execute();
  await db.schema
    .createIndex("contact_request_items_start_idx")
    .on("contact_request_items")
    .columns(["start_date", "request_id"])
    .execute();
  await db.schema
    .createIndex("contact_request_items_received_product_idx")
    .on("contact_request_items")
    .columns(["received_at", "product_id"])
    .execute();
  await db.schema
    .createIndex("contact_request_items_received_category_idx")
    .on("contact_request_items")
    .columns(["received_at", "category_id", "request_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_request_items").execute();
}
