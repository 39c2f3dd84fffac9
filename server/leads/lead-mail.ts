import type { ContactFormRequest } from "../../common/leads/contact-schema.ts";
import type { NewMail } from "../db/repositories/mail-outbox.ts";
import { singleLine } from "../../common/text/single-line.ts";
import { machineWords } from "./machine-words.ts";
import type { MachineToStore } from "./quote-items.ts";
import { escapeHtml } from "../../common/text/html-escape.ts";

export interface LeadMailInput {
  id: string;
  request: ContactFormRequest;
  productModel: string | null;
  /** The quote list: the machines asked for, with their days, units and operator. */
  machines: readonly MachineToStore[];
  /** PUBLIC_URL: the machines' links are absolute. */
  siteUrl: string;
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
  const when = input.receivedAt.toLocaleString("ro-RO", {
    timeZone: "Europe/Bucharest",
    dateStyle: "long",
    timeStyle: "short",
  });
  const answer = request.email
    ? "Raspundeti la acest e-mail pentru a-i scrie direct vizitatorului."
    : "Vizitatorul nu a lasat o adresa de e-mail: sunati-l la numarul de telefon de mai sus.";
  const unverified = input.verified ? [] : ["Atentie: trimisa fara JavaScript, deci fara verificarea anti-spam."];
  const machines = input.machines.map((machine) => mailedMachine(machine, input.siteUrl));
  const machinesText =
    machines.length === 0
      ? []
      : [
          `Utilaje cerute (${machines.length}):`,
          ...machines.flatMap((m, index) => [
            `${index + 1}. ${m.model}${m.category ? ` - ${m.category}` : ""}`,
            `   ${[m.when, ...(m.units === null ? [] : [m.units]), m.operator].join("; ")}`,
            `   ${m.url}`,
          ]),
          "",
        ];
  const text = [
    `Cerere noua de pe site, primita ${when}.`,
    ...unverified,
    "",
    ...fields.map(([label, value]) => `${label}: ${value || "-"}`),
    "",
    ...machinesText,
    "Mesaj:",
    request.message || "-",
    "",
    answer,
    `Numarul cererii: ${input.id}`,
  ].join("\n");
  const rows = fields.map(
    ([label, value]) =>
      `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value || "-")}</td></tr>`,
  );
  const html = [
    "<!doctype html>",
    '<html lang="ro"><head><meta charset="utf-8"></head><body style="font-family:sans-serif">',
    `<p>Cerere noua de pe site, primita ${escapeHtml(when)}.</p>`,
    ...unverified.map((line) => `<p><strong>${escapeHtml(line)}</strong></p>`),
    `<table>${rows.join("")}</table>`,
    ...(machines.length === 0 ? [] : [`<h3>Utilaje cerute (${machines.length})</h3>`, machinesTable(machines)]),
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

/**
 * A machine of the list as the e-mail shows it: its page, its days ('2026-12-01 - 2026-12-05 (5
 * zile)'), its units when more than one ('3 unitati'), its operator.
 */
interface MailedMachine {
  model: string;
  category: string | null;
  url: string;
  when: string;
  unitCount: number;
  /** '3 unitati', or null for one. */
  units: string | null;
  operator: string;
}

function mailedMachine({ row, path, endDate }: MachineToStore, siteUrl: string): MailedMachine {
  const words = machineWords({
    startDate: row.start_date ?? null,
    endDate,
    days: row.days ?? null,
    operator: row.with_operator === 1,
    units: row.units ?? 1,
  });
  return {
    model: row.product_model,
    category: row.category_name ?? null,
    url: `${siteUrl}${path}`,
    when: words.days === null ? words.when : `${words.when} (${words.days})`,
    unitCount: row.units ?? 1,
    units: words.units,
    operator: words.operator,
  };
}

const CELL = 'style="padding:4px 12px 4px 0;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"';

/**
 * A plain table with inline styles: what mail clients render (no style sheets, no layout beyond tables).
 * A column of units only when some machine is asked for more than once.
 */
function machinesTable(machines: readonly MailedMachine[]): string {
  const withUnits = machines.some((m) => m.units !== null);
  const head = ["Utilaj", "Categorie", "Perioada", ...(withUnits ? ["Unitati"] : []), "Operator"]
    .map((label) => `<th ${CELL}>${label}</th>`)
    .join("");
  const unitsCell = (m: MailedMachine) => (withUnits ? `<td ${CELL}>${m.unitCount}</td>` : "");
  const body = machines.map(
    (m) =>
      `<tr><td ${CELL}><a href="${escapeHtml(m.url)}">${escapeHtml(m.model)}</a></td><td ${CELL}>${escapeHtml(m.category ?? "-")}</td><td ${CELL}>${escapeHtml(m.when)}</td>${unitsCell(m)}<td ${CELL}>${m.operator}</td></tr>`,
  );
  return `<table cellspacing="0" style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${body.join("")}</tbody></table>`;
}
