import type { Kysely } from "kysely";

/**
 * The leads inbox searches requests by name, e-mail, phone and city whatever the case and the
 * diacritics (common/leads/lead-search.ts), which neither SQLite's LIKE nor PostgreSQL's does alike: each
 * request keeps its folded text in `search_text`. Frozen in time like every migration: existing rows
 * are filled with the folding as it was written here, not by importing the application's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("contact_requests")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const rows = await db
    .selectFrom("contact_requests")
    .select(["id", "last_name", "first_name", "email", "phone", "city"])
    .execute();
  for (const row of rows as {
    id: string;
    last_name: string;
    first_name: string;
    email: string;
    phone: string;
    city: string;
  }[]) {
    const text = [row.last_name, row.first_name, row.email, row.phone, row.city, row.phone.replace(/\D/g, "")]
      .join(" ")
      .normalize("NFD")
      .replace(/\p{Mark}/gu, "")
      .toLowerCase()
      .replace(/\s+/g, " ")
      .trim();
    await db.updateTable("contact_requests").set({ search_text: text }).where("id", "=", row.id).execute();
  }
  await db.schema
    .createIndex("contact_requests_status_idx")
    .on("contact_requests")
    .columns(["status", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contact_requests_status_idx").execute();
  await db.schema.alterTable("contact_requests").dropColumn("search_text").execute();
}
