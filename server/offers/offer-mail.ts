import { escapeHtml } from "../../common/text/html-escape.ts";
import type { OfferView } from "../../common/offers/offer-schemas.ts";
import type { MailAttachment, NewMail } from "../db/repositories/mail-outbox.ts";
import { dayText, type OfferDocument } from "./offer-document.ts";

/**
 * The e-mail that sends an offer to its customer (decision 096), in the offer's language: a few words,
 * its lines and totals as its document writes them, the personal link, and the PDF attached. The text
 * body is plain text (markup in a name stays the characters it is made of); the HTML body escapes
 * every value it shows.
 */

const TEXTS = {
  ro: {
    subject: (title: string, version: number) => (version > 1 ? `${title} (versiunea ${version})` : title),
    greeting: (name: string) => `Bună ziua, ${name},`,
    intro: (number: string, until: string) =>
      `Vă trimitem oferta ${number}, valabilă până la ${until}. Documentul PDF este atașat acestui mesaj.`,
    replaces: (version: number) =>
      `Aceasta este versiunea ${version} a ofertei: ea o înlocuiește pe cea trimisă anterior.`,
    summary: "Pe scurt:",
    link: "Vedeți oferta și acceptați-o sau refuzați-o online, la adresa:",
    personal: "Linkul este personal: vă rugăm să nu îl transmiteți altor persoane.",
    questions: (phone: string) =>
      phone === ""
        ? "Pentru întrebări, răspundeți la acest mesaj."
        : `Pentru întrebări, răspundeți la acest mesaj sau sunați-ne la ${phone}.`,
    closing: "Cu stimă,",
  },
  en: {
    subject: (title: string, version: number) => (version > 1 ? `${title} (version ${version})` : title),
    greeting: (name: string) => `Hello ${name},`,
    intro: (number: string, until: string) =>
      `Please find our offer ${number}, valid until ${until}. Its PDF document is attached to this message.`,
    replaces: (version: number) => `This is version ${version} of the offer: it replaces the one sent before.`,
    summary: "In short:",
    link: "See the offer and accept or refuse it online, at:",
    personal: "The link is personal: please do not pass it on.",
    questions: (phone: string) =>
      phone === ""
        ? "For any question, reply to this message."
        : `For any question, reply to this message or call us on ${phone}.`,
    closing: "Kind regards,",
  },
} as const;

export interface OfferMailInput {
  offer: OfferView;
  /** The offer's document as the PDF draws it: its lines and totals in the customer's language. */
  document: OfferDocument;
  url: string;
  pdf: MailAttachment;
  /** The company's contact address (answers go there) and phone, and its name to sign with. */
  company: { replyTo: string; phone: string; name: string };
}

export function offerMail({ offer, document, url, pdf, company }: OfferMailInput): NewMail {
  const texts = TEXTS[offer.lang];
  const until = dayText(offer.valid_until, offer.lang);
  const paragraphs = [
    texts.intro(offer.number, until),
    ...(offer.offer_version > 1 ? [texts.replaces(offer.offer_version)] : []),
  ];
  const lines = document.lines.map((line) => ({
    label: [line.description, line.detail.split("\n")[0]].filter((part) => part !== "").join(", "),
    value: line.total,
  }));
  const totals = document.totals.map(({ label, value, strong }) => ({ label, value, strong }));
  const text = [
    texts.greeting(offer.customer_name),
    "",
    ...paragraphs,
    "",
    texts.summary,
    ...lines.map(({ label, value }) => `- ${label}: ${value}`),
    ...totals.map(({ label, value }) => `${label}: ${value}`),
    "",
    texts.link,
    url,
    texts.personal,
    "",
    texts.questions(company.phone),
    "",
    texts.closing,
    company.name,
  ].join("\n");
  const cell = 'style="padding:3px 12px 3px 0"';
  const row = (label: string, value: string, strong = false) => {
    const [open, close] = strong ? ["<strong>", "</strong>"] : ["", ""];
    return `<tr><td ${cell}>${open}${escapeHtml(label)}${close}</td><td align="right" ${cell}>${open}${escapeHtml(value)}${close}</td></tr>`;
  };
  const html = [
    "<!doctype html>",
    `<html lang="${offer.lang}"><head><meta charset="utf-8"><title>${escapeHtml(document.title)}</title></head>`,
    '<body style="font-family:sans-serif;color:#1f2328">',
    `<p>${escapeHtml(texts.greeting(offer.customer_name))}</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p>${escapeHtml(texts.summary)}</p>`,
    `<table>${[...lines.map(({ label, value }) => row(label, value)), ...totals.map(({ label, value, strong }) => row(label, value, strong))].join("")}</table>`,
    `<p>${escapeHtml(texts.link)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    `<p>${escapeHtml(texts.personal)}</p>`,
    `<p>${escapeHtml(texts.questions(company.phone))}</p>`,
    `<p>${escapeHtml(texts.closing)}<br>${escapeHtml(company.name)}</p>`,
    "</body></html>",
  ].join("\n");
  return {
    to: offer.customer_email,
    offerId: offer.uuid,
    subject: texts.subject(document.title, offer.offer_version),
    text,
    html,
    replyTo: company.replyTo,
    attachments: [pdf],
  };
}
