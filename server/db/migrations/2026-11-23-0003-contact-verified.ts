import type { Kysely } from "kysely";

/** Whether a contact request passed the captcha (1) or came from a page without JavaScript (0). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("contact_requests")
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contact_requests").dropColumn("verified").execute();
}
