import type { ContactFormRequest } from "../../common/schemas/contact.ts";
import type { NewMail } from "../db/repositories/mail-outbox.ts";
import { singleLine } from "../../common/single-line.ts";

export interface LeadMailInput {
  id: string;
  request: ContactFormRequest;
  productModel: string | null;
  /** False for a form posted without JavaScript, which could not answer the captcha. */
  verified: boolean;
  receivedAt: Date;
  /** contact_mail_to, and contact_mail_to_second when set. */
  recipients: string[];
  /** contact_mail_subject. */
  subject: string;
}

const FALLBACK_SUBJECT = "Cerere de oferta de pe site";

/**
 * The message that tells the company about a request: readable Romanian text plus the same as HTML,
 * every field listed (empty ones as '-'), visitor text escaped, Reply-To the visitor's address so
 * 'Reply' writes to them. Line breaks cannot reach a header: the subject is made one line here, the
 * Reply-To is an address the schema checked, and everything else is only ever in the body.
 */
export function leadMail(input: LeadMailInput): NewMail {
  const { request } = input;
  const fields: [label: string, value: string][] = [
    ["Nume", request.lastName],
    ["Prenume", request.firstName],
    ["E-mail", request.email],
    ["Telefon", request.phone],
    ["Localitate", request.city],
    ["Categorii", request.categories],
    ...(input.productModel ? ([["Utilaj", input.productModel]] as [string, string][]) : []),
    ["Limba site-ului", request.lang === "en" ? "engleza" : "romana"],
  ];
  const when = input.receivedAt.toLocaleString("ro-RO", { timeZone: "Europe/Bucharest", dateStyle: "long", timeStyle: "short" });
  const answer = request.email
    ? "Raspundeti la acest e-mail pentru a-i scrie direct vizitatorului."
    : "Vizitatorul nu a lasat o adresa de e-mail: sunati-l la numarul de telefon de mai sus.";
  const unverified = input.verified ? [] : ["Atentie: trimisa fara JavaScript, deci fara verificarea anti-spam."];
  const text = [
    `Cerere noua de pe site, primita ${when}.`,
    ...unverified,
    "",
    ...fields.map(([label, value]) => `${label}: ${value || "-"}`),
    "",
    "Mesaj:",
    request.message || "-",
    "",
    answer,
    `Numarul cererii: ${input.id}`,
  ].join("\n");
  const rows = fields.map(([label, value]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value || "-")}</td></tr>`);
  const html = [
    "<!doctype html>",
    '<html lang="ro"><head><meta charset="utf-8"></head><body style="font-family:sans-serif">',
    `<p>Cerere noua de pe site, primita ${escapeHtml(when)}.</p>`,
    ...unverified.map((line) => `<p><strong>${escapeHtml(line)}</strong></p>`),
    `<table>${rows.join("")}</table>`,
    "<h3>Mesaj</h3>",
    `<p style="white-space:pre-wrap">${escapeHtml(request.message || "-")}</p>`,
    `<p>${escapeHtml(answer)}</p>`,
    `<p style="color:#666">Numarul cererii: ${escapeHtml(input.id)}</p>`,
    "</body></html>",
  ].join("\n");
  return {
    to: input.recipients.join(", "),
    subject: singleLine(input.subject) || FALLBACK_SUBJECT,
    text,
    html,
    ...(request.email ? { replyTo: request.email } : {}),
  };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
