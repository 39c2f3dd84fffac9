import type { MessageTable } from "./message-table.ts";

/** The second factor's and the sessions' codes (decision 092), each in Romanian and English. */
export const secondFactorMessages = {
  SECOND_FACTOR_CHALLENGE_INVALID: [
    "Pasul de autentificare a expirat sau a fost deja folosit. Introduceti din nou parola.",
    "The sign-in step has expired or was already used. Please enter your password again.",
  ],
  SECOND_FACTOR_CODE_INVALID: ["Codul nu este corect.", "The code is not correct."],
  SECOND_FACTOR_CODE_REUSED: [
    "Acest cod a fost deja folosit. Asteptati urmatorul cod.",
    "This code was already used. Please wait for the next code.",
  ],
  SECOND_FACTOR_RECOVERY_CODE_INVALID: [
    "Codul de recuperare nu este valid sau a fost deja folosit.",
    "The recovery code is not valid or was already used.",
  ],
  REQUIRED_SECOND_FACTOR_CODE: ["Codul este obligatoriu", "The code is required"],
  INVALID_SECOND_FACTOR_CODE: ["Codul are 6 cifre", "The code has 6 digits"],
  INVALID_RECOVERY_CODE: ["Codul de recuperare are forma XXXXX-XXXXX", "The recovery code has the form XXXXX-XXXXX"],
  REQUIRED_SECOND_FACTOR_CHALLENGE: [
    "Pasul de autentificare lipseste. Introduceti din nou parola.",
    "The sign-in step is missing. Please enter your password again.",
  ],
  SECOND_FACTOR_ENROLMENT_REQUIRED: [
    "Activati autentificarea in doi pasi pentru a continua.",
    "Turn on two-step sign-in to continue.",
  ],
  SECOND_FACTOR_ALREADY_ENABLED: ["Autentificarea in doi pasi este deja activa.", "Two-step sign-in is already on."],
  SECOND_FACTOR_NOT_ENABLED: ["Autentificarea in doi pasi nu este activa.", "Two-step sign-in is not on."],
  SECOND_FACTOR_ENROLMENT_NOT_STARTED: [
    "Incepeti din nou activarea: codul QR a expirat.",
    "Start the enrolment again: the QR code has expired.",
  ],
  INVALID_CONFIGURATION_SECOND_FACTOR: [
    "Autentificarea in doi pasi obligatorie este true sau false",
    "Required two-step sign-in is true or false",
  ],
  SESSION_NOT_FOUND: ["Sesiunea nu exista sau s-a incheiat deja.", "The session does not exist or has already ended."],
  SESSION_USER_NOT_FOUND: ["Contul nu exista.", "The account does not exist."],
} as const satisfies MessageTable;
