import { vi } from "vitest";
import type { Role } from "../../common/team/roles.ts";
import type { TeamMember } from "../../common/team/team-schemas.ts";
import type { AdminServer } from "./admin-server.ts";
import { callJson, type Session } from "./auth.ts";
import { invitationTokensIn } from "./invitation-mail.ts";
import type { TestServer } from "./test-server.ts";

/** A person of the team as the tests invite them. */
export interface Person {
  name: string;
  username: string;
  email: string;
  role: Role;
}

/** The newest invitation mailed to `email`, read from the outbox's .eml files (a server without SMTP_URL). */
export async function invitationTokenFor(server: TestServer, email: string): Promise<string> {
  return vi.waitFor(
    () => {
      const tokens = invitationTokensIn(server.services.config.DATA_DIR, email);
      if (tokens.length === 0) throw new Error(`no invitation to ${email} yet`);
      return tokens[tokens.length - 1];
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
