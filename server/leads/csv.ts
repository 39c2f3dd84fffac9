import { stringify } from "csv-stringify/sync";
import type { LeadFilter, LeadItemView, LeadView } from "../../common/leads/lead-schemas.ts";
import { allLeads } from "../db/repositories/leads.ts";
import type { LeadServices } from "./services.ts";
import { filterOf, leadViews } from "./inbox.ts";
import { machineWords } from "./machine-words.ts";
import { romanianDay } from "../../common/days/romanian-day.ts";
import { formulaSafe } from "../../common/text/formula-safe.ts";

/**
 * The inbox's CSV export: the requests a filter matches, newest first, for Excel and LibreOffice.
 * UTF-8 with a byte-order mark (without it Excel reads the file as ANSI and mangles ă, ș, ț); every
 * field quoted and formula-safe (common/text/formula-safe.ts), so a visitor's "=HYPERLINK(...)" stays
 * text in the spreadsheet.
 */

const DELIVERY_LABELS = { sent: "trimis", pending: "in asteptare", failing: "esueaza" } as const;

let localTime: Intl.DateTimeFormat | undefined;

/**
 * A date as the company reads it: Romanian local time. The formatter is made by the first export:
 * with it ICU loads its time-zone and locale data, about 8 MB resident that a server which exports
 * nothing does not need (decision 50).
 */
function localDate(iso: string): string {
  localTime ??= new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Bucharest",
    dateStyle: "short",
    timeStyle: "short",
  });
  return localTime.format(new Date(iso));
}

/**
 * One machine of the quote list, readable in one cell: 'CAT 320 (Excavatoare): 2026-12-01 - 2026-12-05,
 * 5 zile, cu operator'. One row per request, the machines in one column: a row is a request the
 * company answers (its status, its person), as in the inbox; counts per machine are the overview's.
 */
function machineText(item: LeadItemView): string {
  const { when, days, operator } = machineWords(item);
  const parts = [when, ...(days === null ? [] : [days]), operator];
  return `${item.model}${item.category ? ` (${item.category})` : ""}: ${parts.join(", ")}`;
}

/**
 * The request's machines; the machine of a 'CERETI OFERTA' link first when its list left it out (a
 * full list, or an API client).
 */
function machinesText(lead: LeadView): string {
  const outside =
    lead.productModel !== null && !lead.items.some((item) => item.productId === lead.productId)
      ? [lead.productModel]
      : [];
  return [...outside, ...lead.items.map(machineText)].join("; ");
}

const COLUMNS: readonly [header: string, value: (lead: LeadView) => string][] = [
  ["Data", (lead) => localDate(lead.createdAt)],
  ["Stare", (lead) => lead.status],
  ["Nume", (lead) => lead.lastName],
  ["Prenume", (lead) => lead.firstName],
  ["E-mail", (lead) => lead.email],
  ["Telefon", (lead) => lead.phone],
  ["Localitate", (lead) => lead.city],
  ["Categorii", (lead) => lead.categories],
  ["Utilaje", machinesText],
  ["Mesaj", (lead) => lead.message],
  ["E-mail catre firma", (lead) => (lead.delivery ? DELIVERY_LABELS[lead.delivery.state] : "")],
  ["Verificare anti-spam", (lead) => (lead.verified ? "da" : "nu")],
  ["Id", (lead) => lead.id],
];

export function leadsCsv(leads: readonly LeadView[]): string {
  return stringify(
    [COLUMNS.map(([header]) => header), ...leads.map((lead) => COLUMNS.map(([, value]) => formulaSafe(value(lead))))],
    { bom: true, quoted: true, quoted_empty: true, record_delimiter: "windows" },
  );
}

export async function exportLeads(services: LeadServices, filter: LeadFilter): Promise<string> {
  return leadsCsv(await leadViews(services, await allLeads(services.db, filterOf(filter))));
}

/** cereri-oferta-2026-11-23.csv (the day in Romania). */
export function exportFileName(now: Date): string {
  return `cereri-oferta-${romanianDay(now)}.csv`;
}
