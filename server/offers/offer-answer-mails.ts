import type { Locale } from "../../common/language/language.ts";
import { singleLine } from "../../common/text/single-line.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import type { CompanySettings } from "../../common/schemas/company-settings.ts";
import { addAllDayEvent, calendarText, dayCalendar } from "../bookings/all-day-events.ts";
import type { NewMail } from "../db/repositories/mail-outbox.ts";
import { offerDocument } from "./offer-document.ts";

/**
 * The e-mails an answer to an offer sends (decision 097): the customer's confirmation of an
 * acceptance, in their language, with the rental's days as an .ics file, and the office's news of an
 * acceptance (its conflict, if any) or a refusal. Plain text: a name or reason the customer typed is
 * shown as typed and never rendered; the .ics writer escapes it.
 */

export interface AnsweredOffer {
  offer: OfferView;
  company: CompanySettings;
  terms: Record<Locale, string>;
  /** The name typed when accepting; the reason written when refusing. */
  name: string;
  reason: string;
  conflict: boolean;
  answeredAt: Date;
  address: string;
  companyPhone: string;
  /** PUBLIC_URL: the office's link to the offer's admin page. */
  siteUrl: string;
}

const LOCALES: Record<Locale, string> = { ro: "ro-RO", en: "en-GB" };

const when = (at: Date, language: Locale) =>
  at.toLocaleString(LOCALES[language], { timeZone: "Europe/Bucharest", dateStyle: "long", timeStyle: "short" });

const CUSTOMER = {
  ro: {
    subject: (number: string) => `Confirmare: ați acceptat oferta ${number}`,
    hello: (name: string) => `Bună ziua${name ? `, ${name}` : ""},`,
    received: (number: string, version: number, by: string, at: string) =>
      `Am primit acceptarea ofertei ${number} (versiunea ${version}), trimisă de ${by} pe ${at}.`,
    confirmed: "Utilajele sunt rezervate pentru dumneavoastră în zilele de mai jos:",
    conflict:
      "Între timp, unul dintre utilaje a fost rezervat altcuiva pentru o parte din zile: vă sunăm astăzi pentru a găsi o soluție. Până atunci rezervarea nu este confirmată. Zilele cerute:",
    total: "Total de plată",
    calendar: "Zilele închirierii sunt în fișierul atașat (.ics), pentru calendarul dumneavoastră.",
    phone: (phone: string) => `Pentru orice întrebare ne găsiți la ${phone}.`,
    thanks: "Vă mulțumim!",
    calendarName: (number: string) => `Închiriere ${number}`,
    file: (number: string) => `inchiriere-${number}.ics`,
  },
  en: {
    subject: (number: string) => `Confirmation: you accepted offer ${number}`,
    hello: (name: string) => `Hello${name ? ` ${name}` : ""},`,
    received: (number: string, version: number, by: string, at: string) =>
      `We received the acceptance of offer ${number} (version ${version}), sent by ${by} on ${at}.`,
    confirmed: "The machines are booked for you on the days below:",
    conflict:
      "Meanwhile one of the machines was booked for someone else on some of the days: we will call you today to find a solution. Until then the booking is not confirmed. The days asked for:",
    total: "Total due",
    calendar: "The rental's days are in the attached file (.ics), for your calendar.",
    phone: (phone: string) => `For any question, call us at ${phone}.`,
    thanks: "Thank you!",
    calendarName: (number: string) => `Rental ${number}`,
    file: (number: string) => `rental-${number}.ics`,
  },
} as const;

/** The rental's days: one all-day event per machine line, confirmed unless the acceptance met a conflict. */
export function rentalCalendar(answer: AnsweredOffer): string {
  const { offer, company } = answer;
  const texts = CUSTOMER[offer.lang];
  const calendar = dayCalendar(texts.calendarName(offer.number), "oferte");
  const from = [company.legalName, answer.companyPhone].filter(Boolean).join(", ");
  offer.lines.forEach((line, position) => {
    if (line.kind !== "machine" || line.first_day === null || line.last_day === null) return;
    addAllDayEvent(calendar, {
      uid: `${offer.uuid}-${position}@utilaje`,
      stamp: answer.answeredAt,
      firstDay: line.first_day,
      lastDay: line.last_day,
      summary: `${line.description} x${line.units} (${offer.number})`,
      description: [texts.calendarName(offer.number), from].filter(Boolean).join("\n"),
      confirmed: !answer.conflict,
    });
  });
  return calendarText(calendar);
}

/** The customer's confirmation; none when the offer names no e-mail address. */
export function acceptanceMail(answer: AnsweredOffer): NewMail | null {
  const { offer } = answer;
  if (offer.customer_email === "") return null;
  const language = offer.lang;
  const texts = CUSTOMER[language];
  const document = offerDocument(
    offer,
    answer.company,
    answer.terms,
    { url: answer.siteUrl, personal: false },
    answer.answeredAt,
  );
  const lines = document.lines
    .filter((_, index) => offer.lines[index].kind === "machine")
    .map((line) => `- ${line.description}: ${line.detail.replace(/\n/g, "; ")}`);
  const total = document.totals.find((row) => row.strong);
  return {
    to: offer.customer_email,
    offerId: offer.uuid,
    subject: singleLine(texts.subject(offer.number)),
    text: [
      texts.hello(offer.customer_name),
      "",
      texts.received(offer.number, offer.offer_version, answer.name, when(answer.answeredAt, language)),
      "",
      answer.conflict ? texts.conflict : texts.confirmed,
      ...lines,
      "",
      ...(total ? [`${texts.total}: ${total.value}`, ""] : []),
      texts.calendar,
      ...(answer.companyPhone ? [texts.phone(answer.companyPhone)] : []),
      "",
      texts.thanks,
      answer.company.legalName,
    ].join("\n"),
    attachments: [
      {
        filename: texts.file(offer.number),
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: Buffer.from(rentalCalendar(answer), "utf8"),
      },
    ],
  };
}

/** The office's news of an answer, to the contact addresses of Configurare. */
export function officeAnswerMail(answer: AnsweredOffer, kind: "accepted" | "refused", recipients: string[]): NewMail {
  const { offer } = answer;
  const label = `${offer.number} v${offer.offer_version}`;
  const subject =
    kind === "refused"
      ? `Oferta ${label} a fost refuzata de client`
      : answer.conflict
        ? `Oferta ${label} acceptata, CONFLICT de rezervare: sunati clientul azi`
        : `Oferta ${label} a fost acceptata: rezervarile sunt confirmate`;
  const customer = [offer.customer_name, offer.customer_company, offer.customer_email, offer.customer_phone].filter(
    Boolean,
  );
  const body =
    kind === "refused"
      ? [`Motivul scris de client: ${answer.reason || "-"}`]
      : answer.conflict
        ? [
            `Acceptata de: ${answer.name}`,
            "Un utilaj al ofertei a fost confirmat altcuiva intre timp pentru unele zile: nicio rezervare a ofertei nu a fost confirmata, ele raman tentative.",
            "Clientul a citit ca il sunati astazi.",
          ]
        : [`Acceptata de: ${answer.name}`, "Rezervarile tentative ale ofertei sunt acum confirmate."];
  return {
    to: recipients.join(", "),
    offerId: answer.offer.uuid,
    subject: singleLine(subject),
    text: [
      `Oferta ${label}, ${kind === "refused" ? "refuzata" : "acceptata"} pe ${when(answer.answeredAt, "ro")}.`,
      "",
      `Client: ${customer.join(", ")}`,
      ...body,
      `Adresa de la care s-a raspuns: ${answer.address}`,
      "",
      `Oferta in administrare: ${answer.siteUrl.replace(/\/+$/, "")}/admin/main/oferte/${offer.uuid}`,
    ].join("\n"),
    ...(offer.customer_email ? { replyTo: offer.customer_email } : {}),
  };
}
