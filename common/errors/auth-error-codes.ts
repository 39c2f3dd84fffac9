import type { MessageTable } from "./message-table.ts";

/**
 * Sign-in's codes, each in Romanian and English: spec §8's login and password codes, then the cases
 * it does not name: an ended session, the fields of the login, password change and reset forms
 * (messages of spec §5 where it gives them).
 */
export const authMessages = {
  USER_LOGIN_FAILED: ["Utilizatorul sau parola sunt gresite.", "Wrong user name or password."],
  ERROR_OLD_PASSWORD_INCORRECT: ["Parola actuala este incorecta.", "The current password is incorrect."],
  ERROR_NEW_PASSWORD_INCORRECT: [
    "Parola noua nu corespunde confirmarii.",
    "The new password does not match its confirmation.",
  ],
  ERROR_UNAUTHORIZED: [
    "Sesiunea a expirat. Autentificati-va din nou.",
    "Your session has expired. Please log in again.",
  ],
  // Authentication fields (messages of spec §5 where it gives them).
  REQUIRED_USERNAME: ["Utilizatorul este obligatoriu", "The user name is required"],
  REQUIRED_PASSWORD: ["Parola este obligatorie", "The password is required"],
  REQUIRED_OLD_PASSWORD: ["Parola actuala este obligatorie", "The current password is required"],
  REQUIRED_NEW_PASSWORD: ["Noua parola este obligatorie", "The new password is required"],
  REQUIRED_CONFIRM_PASSWORD: ["Confirmarea parolei este obligatorie", "The password confirmation is required"],
  INVALID_PASSWORD_LENGTH: [
    "Parola trebuie sa aiba intre 8 si 128 de caractere",
    "The password must have 8 to 128 characters",
  ],
  // Not in spec §8: a new password found in the list of common passwords.
  INVALID_PASSWORD_COMMON: [
    "Parola este prea des folosita. Alegeti alta parola.",
    "This password is too common. Please choose another one.",
  ],
  REQUIRED_MAIL: ["Adresa de email este obligatorie", "The e-mail address is required"],
  INVALID_MAIL: [
    "Adresa de email nu respecta formatul nume@domeniu.ro",
    "The e-mail address does not match the format name@domain.com",
  ],
  REQUIRED_REFRESH_TOKEN: [
    "Sesiunea a expirat. Autentificati-va din nou.",
    "Your session has expired. Please log in again.",
  ],
  REQUIRED_RESET_TOKEN: ["Linkul de resetare nu este valid.", "The reset link is not valid."],
  ERROR_RESET_TOKEN_INVALID: [
    "Linkul de resetare a expirat sau a fost deja folosit.",
    "The reset link has expired or was already used.",
  ],
} as const satisfies MessageTable;
