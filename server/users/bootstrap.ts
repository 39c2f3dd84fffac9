import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { hashPassword } from "../auth/passwords.ts";
import { countUsers, insertUserIfAbsent, newUserRow } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";

export interface AdminBootstrap {
  username: string;
  /** Set only when the password was generated now: it is printed once and never stored in clear. */
  generatedPassword?: string;
  created: boolean;
}

/** Creates the administrator on the first start, from the environment or with a random password. */
export async function ensureAdmin(
  db: Kysely<Database>,
  settings: { username: string; password?: string; email: string },
): Promise<AdminBootstrap> {
  if ((await countUsers(db)) > 0) return { username: settings.username, created: false };
  const generatedPassword = settings.password ? undefined : randomBytes(12).toString("base64url");
  const created = await insertUserIfAbsent(
    db,
    newUserRow({
      id: randomUUID(),
      username: settings.username,
      email: settings.email,
      password_hash: await hashPassword(settings.password ?? generatedPassword ?? ""),
    }),
  );
  // Another instance won the race: its password is the one in force, so this one's is not shown.
  if (!created) return { username: settings.username, created: false };
  return { username: settings.username, generatedPassword, created: true };
}
