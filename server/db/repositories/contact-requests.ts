import type { Insertable, Kysely, Selectable } from "kysely";
import type { ContactRequestTable, Database } from "../schema.ts";

export type ContactRequestRow = Selectable<ContactRequestTable>;
export type NewContactRequest = Insertable<ContactRequestTable>;

export async function insertContactRequest(db: Kysely<Database>, row: NewContactRequest): Promise<void> {
  await db.insertInto("contact_requests").values(row).execute();
}

/**
 * Deletes the requests received before `cutoff`, with the e-mails that reported them once sent (they
 * hold the same personal data); an e-mail still waiting to go out is kept until it is sent.
 * Returns how many requests were deleted.
 */
export async function deleteLeadsBefore(db: Kysely<Database>, cutoff: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const before = cutoff.toISOString();
    await trx
      .deleteFrom("mail_outbox")
      .where("sent_at", "is not", null)
      .where("id", "in", trx.selectFrom("contact_requests").select("mail_id").where("created_at", "<", before).where("mail_id", "is not", null))
      .execute();
    const result = await trx.deleteFrom("contact_requests").where("created_at", "<", before).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
