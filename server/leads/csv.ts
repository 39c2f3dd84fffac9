import type { LeadItemView, LeadView } from "../../common/leads/lead-schemas.ts";
import type { LeadWithOfferFilter } from "../../common/offers/lead-offers.ts";
import { leadsAfter, type LeadWithMail } from "../db/repositories/leads.ts";
import type { LeadServices } from "./services.ts";
import { filterOf, leadViews } from "./inbox.ts";
import { machineWords } from "./machine-words.ts";
import { romanianDay } from "../../common/days/romanian-day.ts";
import { keysetPages, spreadsheetCsvStream, spreadsheetDate } from "../core/spreadsheet-csv.ts";

/**
 * The inbox's CSV export: the requests a filter matches, newest first, for Excel and LibreOffice
 * (the formula-safe rule of server/core/spreadsheet-csv.ts: a visitor's "=HYPERLINK(...)" stays text).
 */

const DELIVERY_LABELS = { sent: "trimis", pending: "in asteptare", failing: "esueaza" } as const;

/**
 * One machine of the quote list, readable in one cell: 'CAT 320 (Excavatoare): 2026-12-01 - 2026-12-05,
 * 5 zile, 2 unitati, cu operator' (the units when more than one). One row per request, the machines in
 * one column: a row is a request the company answers (its status, its person), as in the inbox; counts
 * per machine are the overview's.
 */
function machineText(item: LeadItemView): string {
  const { when, days, units, operator } = machineWords(item);
  const parts = [when, ...(days === null ? [] : [days]), ...(units === null ? [] : [units]), operator];
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
  ["Data", (lead) => spreadsheetDate(lead.createdAt)],
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

/** Requests read per page of the CSV (their machines with them, one query a page). */
const CSV_PAGE_ROWS = 500;

async function* csvPages(services: LeadServices, filter: LeadWithOfferFilter): AsyncGenerator<string[][]> {
  const rowFilter = filterOf(filter);
  const read = (after: LeadWithMail | undefined, limit: number) => leadsAfter(services.db, rowFilter, after, limit);
  for await (const rows of keysetPages(read, CSV_PAGE_ROWS, Number.POSITIVE_INFINITY))
    yield (await leadViews(services, rows)).map((lead) => COLUMNS.map(([, value]) => value(lead)));
}

/**
 * The matching requests as the CSV file, read a page at a time and written as the download takes
 * it (spreadsheetCsvStream): the whole inbox never sits in the server's memory. `failed` hears a
 * read that failed mid-way (the download is cut).
 */
export function exportLeads(
  services: LeadServices,
  filter: LeadWithOfferFilter,
  failed: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  return spreadsheetCsvStream(
    COLUMNS.map(([header]) => header),
    csvPages(services, filter),
    failed,
  );
}

/** cereri-oferta-2026-11-23.csv (the day in Romania). */
export function exportFileName(now: Date): string {
  return `cereri-oferta-${romanianDay(now)}.csv`;
}
