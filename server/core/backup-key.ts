/**
 * The company's key for the off-site backups (BACKUP_ENCRYPTION_KEY): 32 bytes, written as base64
 * (`openssl rand -base64 32`) or 64 hex digits; undefined for anything else.
 */
export function parseBackupKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, "hex");
  const key = Buffer.from(trimmed, "base64");
  return key.length === 32 && key.toString("base64") === trimmed ? key : undefined;
}
