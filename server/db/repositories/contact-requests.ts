import type { Insertable, Kysely, Selectable } from "kysely";
import type { ContactRequestTable, Database } from "../schema.ts";

export type ContactRequestRow = Selectable<ContactRequestTable>;
export type NewContactRequest = Insertable<ContactRequestTable>;

export async function insertContactRequest(db: Kysely<Database>, row: NewContactRequest): Promise<void> {
  await db.insertInto("contact_requests").values(row).execute();
}
