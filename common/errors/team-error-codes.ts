import type { MessageTable } from "./message-table.ts";

/**
 * The team's codes (decision 091), each in Romanian and English: a right the role lacks, the accounts'
 * fields, the last administrator, the invitation link.
 */
export const teamMessages = {
  ERROR_FORBIDDEN: [
    "Nu aveți acces la această operație: rolul contului dumneavoastră nu o permite.",
    "You have no access to this operation: your account's role does not allow it.",
  ],
  ERROR_LAST_ADMINISTRATOR: [
    "Trebuie să rămână cel puțin un administrator activ: contul nu poate fi dezactivat sau retrogradat.",
    "At least one active administrator must remain: the account cannot be deactivated or demoted.",
  ],
  ERROR_TEAM_USER_NOT_FOUND: ["Contul nu există.", "The account does not exist."],
  ERROR_INVITATION_INVALID: [
    "Linkul de invitație a expirat, a fost deja folosit sau nu este valid.",
    "The invitation link has expired, was already used or is not valid.",
  ],
  TEAM_USERNAME_TAKEN: [
    "Numele de utilizator este deja folosit (literele mari și diacriticele nu contează).",
    "The user name is already taken (capitals and diacritics do not count).",
  ],
  TEAM_EMAIL_TAKEN: ["Adresa de email are deja un cont.", "The e-mail address already has an account."],
  REQUIRED_TEAM_NAME: ["Numele este obligatoriu", "The name is required"],
  INVALID_TEAM_NAME: [
    "Numele are cel mult 100 de caractere, fără caractere ascunse",
    "The name has at most 100 characters, without hidden characters",
  ],
  INVALID_TEAM_USERNAME: [
    "Numele de utilizator are 3–40 de litere, cifre, puncte, liniuțe sau sublinieri",
    "The user name has 3–40 letters, digits, dots, hyphens or underscores",
  ],
  INVALID_TEAM_ROLE: ["Rolul nu există", "The role does not exist"],
} as const satisfies MessageTable;
