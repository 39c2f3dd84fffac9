import { z } from "../zod.ts";
import { EMAIL_MAX_LENGTH, hasHiddenCharacter, normalizeName, showsSomething } from "../fields/field-rules.ts";
import { byInput } from "../fields/schema-fields.ts";
import { confirmationMatches, newPasswordFields } from "../schemas/auth.ts";
import { ROLES } from "./roles.ts";

/**
 * The team's payloads (decision 091): the Echipa screen's forms, the API's validation and its OpenAPI
 * document read them from here.
 */

export const TEAM_NAME_MAX_LENGTH = 100;

/**
 * A user name as typed: letters (diacritics too), digits, dot, hyphen, underscore; stored in lower case.
 * Accounts are told apart by userNameKey, so "Ana" and "ană" are one name.
 */
export const USERNAME_PATTERN = /^[\p{L}0-9._-]{3,40}$/u;

/** The key that makes user names unique and finds an account at login: lower case, diacritics dropped. */
export function userNameKey(username: string): string {
  return username.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
}

/** A person's name: shown as text everywhere (never markup), one line, bounded. */
const personName = z
  .string({ error: byInput("REQUIRED_TEAM_NAME", "INVALID_TEAM_NAME") })
  .refine((name) => !hasHiddenCharacter(name), { error: "INVALID_TEAM_NAME", abort: true })
  .overwrite(normalizeName)
  .min(1, { error: "REQUIRED_TEAM_NAME", abort: true })
  .refine(showsSomething, { error: "REQUIRED_TEAM_NAME", abort: true })
  .max(TEAM_NAME_MAX_LENGTH, { error: "INVALID_TEAM_NAME" });

const username = z
  .string({ error: byInput("REQUIRED_USERNAME", "INVALID_TEAM_USERNAME") })
  .trim()
  .min(1, { error: "REQUIRED_USERNAME", abort: true })
  .overwrite((value) => value.normalize("NFC").toLowerCase())
  .regex(USERNAME_PATTERN, { error: "INVALID_TEAM_USERNAME" });

const email = z
  .string({ error: "REQUIRED_MAIL" })
  .trim()
  .min(1, { error: "REQUIRED_MAIL", abort: true })
  .toLowerCase()
  .pipe(z.email({ error: "INVALID_MAIL" }).max(EMAIL_MAX_LENGTH, { error: "INVALID_MAIL" }));

const role = z.enum(ROLES, { error: "INVALID_TEAM_ROLE" });

/** POST /users: invite a person; the mail carries the link to choose a password. */
export const inviteSchema = z.object({ name: personName, username, email, role });
export type InviteInput = z.output<typeof inviteSchema>;

/** PUT /users/{id}: an administrator changes a person's name or role (what is left out is kept). */
export const teamUpdateSchema = z.object({ name: personName.optional(), role: role.optional() });

/** PUT /me: each person's own name and e-mail; a new e-mail needs the current password (checked by the server). */
export const profileSchema = z.object({
  name: personName,
  email,
  password: z
    .string({ error: "REQUIRED_OLD_PASSWORD" })
    .optional()
    .meta({ description: "The current password: required when the e-mail changes." }),
});

/** POST /invitation/accept: the link's token and the first password. */
export const invitationAcceptSchema = z
  .object({
    ...newPasswordFields,
    token: z.string({ error: "ERROR_INVITATION_INVALID" }).min(1, { error: "ERROR_INVITATION_INVALID" }),
  })
  .refine(confirmationMatches.check, confirmationMatches.params);

/** A person as the Echipa screen lists them. */
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role,
  /** False once deactivated. */
  active: z.boolean(),
  /** True until the invitation's link has set a first password. */
  invited: z.boolean(),
  createdAt: z.string(),
});
export type TeamMember = z.output<typeof teamMemberSchema>;

export const teamListSchema = z.object({ users: z.array(teamMemberSchema) });

/** GET /me: who is signed in (the user name and e-mail of spec §7, then the name and the role). */
export const accountSchema = z.object({
  username: z.string(),
  email: z.string(),
  name: z.string(),
  role,
});
export type Account = z.output<typeof accountSchema>;
