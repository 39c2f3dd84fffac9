import { readFileSync } from "node:fs";
import { emlFiles } from "./outbox-files.ts";
import { parseMessage } from "./smtp.ts";

/** The token of the invitation link in a message's text. */
export function invitationTokenOf(text: string): string {
  const match = /\/admin\/invitatie\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in:\n${text}`);
  return match[1];
}

/** The tokens of the invitations written to `dataDir`'s outbox as .eml files (no SMTP_URL) for `email`. */
export function invitationTokensIn(dataDir: string, email: string): string[] {
  return emlFiles(dataDir)
    .map((file) => parseMessage(readFileSync(file, "utf8").replace(/\r?\n/g, "\r\n"), [email]))
    .filter((mail) => mail.header("To").includes(email) && mail.text.includes("/admin/invitatie/"))
    .map((mail) => invitationTokenOf(mail.text));
}
