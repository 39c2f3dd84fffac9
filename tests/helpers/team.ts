import { readFileSync } from "node:fs";
import { vi } from "vitest";
import type { Role } from "../../common/team/roles.ts";
import type { TeamMember } from "../../common/team/team-schemas.ts";
import type { AdminServer } from "./admin-server.ts";
import { callJson, type Session } from "./auth.ts";
import { emlFiles } from "./outbox-files.ts";
import { parseMessage } from "./smtp.ts";
import type { TestServer } from "./test-server.ts";

/** A person of the team as the tests invite them. */
export interface Person {
  name: string;
  username: string;
  email: string;
  role: Role;
}

/** The token of the invitation link in a message's text. */
export function invitationTokenOf(text: string): string {
  const match = /\/admin\/invitatie\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in:\n${text}`);
  return match[1];
}

/** The newest invitation mailed to `email`, read from the outbox's .eml files (a server without SMTP_URL). */
export async function invitationTokenFor(server: TestServer, email: string, after = 0): Promise<string> {
  return vi.waitFor(
    () => {
      const texts = emlFiles(server.services.config.DATA_DIR)
        .map((file) => parseMessage(readFileSync(file, "utf8").replace(/\r?\n/g, "\r\n"), [email]))
        .filter((mail) => mail.header("To").includes(email) && mail.text.includes("/admin/invitatie/"));
      if (texts.length <= after) throw new Error(`no invitation to ${email} yet`);
      return invitationTokenOf(texts[texts.length - 1].text);
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** Invites a person as the administrator, accepts the invitation with `password` and logs them in. */
export async function joinTeam(
  admin: AdminServer,
  person: Person,
  password: string,
): Promise<{ member: TeamMember; session: Session }> {
  const invited = await admin.call("POST", "/api/users", person);
  if (invited.status !== 201) throw new Error(`invitation refused: ${invited.status} ${await invited.text()}`);
  const member = (await invited.json()) as TeamMember;
  const token = await invitationTokenFor(admin.server, person.email);
  const accepted = await callJson(admin.server, "POST", "/api/invitation/accept", {
    token,
    newPassword: password,
    confirmPassword: password,
  });
  if (accepted.status !== 204) throw new Error(`invitation not accepted: ${accepted.status} ${await accepted.text()}`);
  const login = await callJson(admin.server, "POST", "/api/login", { username: person.username, password });
  if (login.status !== 200) throw new Error(`login refused: ${login.status} ${await login.text()}`);
  return { member, session: (await login.json()) as Session };
}
