import { LEAD_STATUSES, type LeadOverview } from "../../../common/leads/lead-schemas.ts";
import { moneyText } from "../../../common/pricing/amount-text.ts";
import { STATUS_LABELS } from "./lead-labels.ts";
import { formatDay } from "../ui/date-format.ts";
import { inboxPath } from "./lead-query.ts";

/**
 * The demand overview's figures as its charts and tables show them: each with the words a table
 * reads, the short name a chart's axis has room for, and the inbox filtered by it.
 */
export interface Figure {
  key: string;
  /** What the figure counts, in full (the table's row header). */
  label: string;
  /** The same, short enough for a chart's axis. */
  tick: string;
  count: number;
  /** The inbox showing the requests counted. */
  href: string;
}

/** '17.11', a day of the current year's calendar without its year. */
function dayAndMonth(day: string): string {
  return formatDay(day).slice(0, 5);
}

/** The weeks, oldest first: Monday to Sunday, each linking to the requests received in it. */
export function weekFigures(overview: LeadOverview): Figure[] {
  return overview.weeks.map((week) => ({
    key: week.from,
    label: `${dayAndMonth(week.from)} – ${formatDay(week.to)}`,
    tick: dayAndMonth(week.from),
    count: week.count,
    href: inboxPath({ receivedFrom: week.from, receivedTo: week.to }),
  }));
}

export function statusFigures(overview: LeadOverview): Figure[] {
  return LEAD_STATUSES.map((status) => ({
    key: status,
    label: STATUS_LABELS[status].label,
    tick: STATUS_LABELS[status].label,
    count: overview.statuses[status],
    href: inboxPath({ status }),
  }));
}

/**
 * The machines most asked for, most first, with their category for the table; each opens the
 * requests of the period it counts.
 */
export function machineFigures(overview: LeadOverview): (Figure & { category: string | null })[] {
  return overview.machines.map((machine) => ({
    key: machine.productId,
    label: machine.model,
    tick: machine.model,
    category: machine.category,
    count: machine.count,
    href: inboxPath({ product: machine.productId, receivedFrom: overview.since }),
  }));
}

/** The categories most asked for; each opens the requests of the period it counts. */
export function categoryFigures(overview: LeadOverview): Figure[] {
  return overview.categories.map((category) => ({
    key: category.categoryId,
    label: category.name,
    tick: category.name,
    count: category.count,
    href: inboxPath({ category: category.categoryId, receivedFrom: overview.since }),
  }));
}

/** A month's offers as the overview's table reads them: counts, and values with and without VAT. */
export interface OfferMonthRow {
  key: string;
  /** 'noiembrie 2026'. */
  label: string;
  sent: { count: number; total: string; net: string };
  accepted: { count: number; total: string; net: string };
}

const monthName = new Intl.DateTimeFormat("ro-RO", { month: "long", year: "numeric", timeZone: "UTC" });

/** The offers sent and accepted per month, oldest first, their values in the site's currency. */
export function offerMonthRows(overview: LeadOverview): OfferMonthRow[] {
  const { currency, months } = overview.offers;
  const sums = ({ count, total, net }: { count: number; total: number; net: number }) => ({
    count,
    total: moneyText(total, currency, "ro"),
    net: moneyText(net, currency, "ro"),
  });
  return months.map(({ month, sent, accepted }) => ({
    key: month,
    label: monthName.format(new Date(`${month}-01T00:00:00Z`)),
    sent: sums(sent),
    accepted: sums(accepted),
  }));
}

/**
 * 'cerere', 'cereri', 'de cereri': the words after a count (Romanian puts 'de' after 20, 100, 120…,
 * not after 101–119).
 */
export function requestWord(count: number): string {
  if (count === 1) return "cerere";
  const lastTwo = count % 100;
  return count !== 0 && (lastTwo === 0 || lastTwo >= 20) ? "de cereri" : "cereri";
}

/** '1 cerere', '2 cereri', '20 de cereri'. */
export function requestCount(count: number): string {
  return `${count} ${requestWord(count)}`;
}
