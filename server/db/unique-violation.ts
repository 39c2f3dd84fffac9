/**
 * True when the database refused a row for breaking a unique constraint: better-sqlite3 reports
 * SQLITE_CONSTRAINT_UNIQUE, PostgreSQL SQLSTATE 23505. Writes check for duplicates first; this
 * catches the one that slipped in between (two admins saving the same name at once).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  return error.code === "SQLITE_CONSTRAINT_UNIQUE" || error.code === "23505";
}

/** Runs a write; a unique-constraint refusal becomes the caller's own error (its 409). */
export async function withDuplicatesAs<T>(write: () => Promise<T>, duplicate: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error) ? duplicate() : error;
  }
}
