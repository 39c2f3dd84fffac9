import type { Locale } from "../../common/language/language.ts";
import type { NewMail } from "../db/repositories/mail-outbox.ts";

/** Plain text on purpose: nothing to escape, nothing for a mail client to render differently. */
const passwordReset: Record<Locale, (link: string, minutes: number) => Omit<NewMail, "to">> = {
  ro: (link, minutes) => ({
    subject: "Resetarea parolei de administrare",
    text: [
      "Buna ziua,",
      "",
      "Am primit o cerere de resetare a parolei contului de administrare.",
      `Deschideti linkul de mai jos in cel mult ${minutes} de minute pentru a alege o parola noua:`,
      "",
      link,
      "",
      "Linkul poate fi folosit o singura data. Daca nu ati cerut resetarea, ignorati acest mesaj: parola ramane neschimbata.",
    ].join("\n"),
  }),
  en: (link, minutes) => ({
    subject: "Resetting your admin password",
    text: [
      "Hello,",
      "",
      "We received a request to reset the password of the admin account.",
      `Open the link below within ${minutes} minutes to choose a new password:`,
      "",
      link,
      "",
      "The link works once. If you did not ask for a reset, ignore this message: your password stays unchanged.",
    ].join("\n"),
  }),
};

export function passwordResetMail(to: string, locale: Locale, link: string, minutes: number): NewMail {
  return { to, ...passwordReset[locale](link, minutes), oneTime: true };
}
