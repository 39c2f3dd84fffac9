import type { NewMail } from "../db/repositories/mail-outbox.ts";

/**
 * The invitation to the back-office (decision 091), in Romanian as the back-office is. Plain text: the
 * names in it are shown as typed, never rendered as markup.
 */
export function invitationMail(
  to: string,
  invite: { name: string; username: string; link: string; hours: number },
): NewMail {
  return {
    to,
    subject: "Invitatie in echipa de administrare",
    text: [
      `Buna ziua, ${invite.name},`,
      "",
      "Ati fost invitat(a) in echipa care administreaza site-ul.",
      `Numele dumneavoastra de utilizator: ${invite.username}`,
      `Deschideti linkul de mai jos in cel mult ${invite.hours} de ore pentru a va alege parola:`,
      "",
      invite.link,
      "",
      "Linkul poate fi folosit o singura data. Daca nu asteptati aceasta invitatie, ignorati mesajul.",
    ].join("\n"),
    oneTime: true,
  };
}
