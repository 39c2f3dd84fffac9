import type { NewMail } from "../db/repositories/mail-outbox.ts";

/**
 * The notice to an account's former e-mail address when its owner (or whoever holds their session)
 * changed it (decision 091): the reset by e-mail goes to the new address from now on, so the old one
 * must hear of it. In Romanian, as the back-office is; plain text, names shown as typed.
 */
export function emailChangedMail(
  to: string,
  change: { name: string; username: string; newEmail: string; at: Date },
): NewMail {
  const when = change.at.toLocaleString("ro-RO", { timeZone: "Europe/Bucharest" });
  return {
    to,
    subject: "Adresa de e-mail a contului de administrare a fost schimbata",
    text: [
      `Buna ziua, ${change.name},`,
      "",
      `Adresa de e-mail a contului ${change.username} a fost schimbata in ${change.newEmail} (${when}).`,
      "Resetarea parolei se trimite de acum la noua adresa.",
      "",
      "Daca nu dumneavoastra ati facut aceasta schimbare, anuntati imediat un administrator.",
    ].join("\n"),
  };
}
