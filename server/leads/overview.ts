import {
  LEAD_OVERVIEW_DAYS,
  LEAD_OVERVIEW_MONTHS,
  LEAD_OVERVIEW_TOP,
  LEAD_OVERVIEW_WEEKS,
  type LeadOverview,
} from "../../common/leads/lead-schemas.ts";
import { addDays, firstOfMonth, mondayOf, romanianDay, startOfRomanianDay } from "../../common/days/romanian-day.ts";
import { sitePriceSettings } from "../catalogue/site-configuration.ts";
import { listCategories } from "../db/repositories/categories.ts";
import {
  countLeadsIn,
  lastAskedCategoryNames,
  lastAskedMachineNames,
  mostAskedCategories,
  mostAskedMachines,
} from "../db/repositories/lead-demand.ts";
import { acceptedOffersIn, sentOffersIn } from "../db/repositories/offer-demand.ts";
import { findProductsByIds } from "../db/repositories/products.ts";
import type { LeadServices } from "./services.ts";
import { leadCounts } from "./inbox.ts";

/**
 * The demand overview: requests per week (Monday to Sunday in Romania, the current week last), all
 * requests by status, and the machines and categories of quote lists most asked for in the last 90
 * days, named as the catalogue names them now (as the newest request named them, once deleted); equal
 * counts in the order of their names; and the offers sent and accepted in each of the last 12 months
 * (the current one last) with their values in the site's currency.
 */
export async function leadOverview(services: LeadServices, now: Date = new Date()): Promise<LeadOverview> {
  const { db } = services;
  const today = romanianDay(now);
  const months = Array.from({ length: LEAD_OVERVIEW_MONTHS }, (_, index) => {
    const from = firstOfMonth(today, index - LEAD_OVERVIEW_MONTHS + 1);
    return {
      month: from.slice(0, 7),
      period: {
        from: startOfRomanianDay(from).toISOString(),
        until: startOfRomanianDay(firstOfMonth(from, 1)).toISOString(),
      },
    };
  });
  const { currency } = await sitePriceSettings(services);
  const monthPeriods = months.map((month) => month.period);
  const weeks = Array.from({ length: LEAD_OVERVIEW_WEEKS }, (_, index) => {
    const from = addDays(mondayOf(today), 7 * (index - LEAD_OVERVIEW_WEEKS + 1));
    return {
      from,
      to: addDays(from, 6),
      period: {
        from: startOfRomanianDay(from).toISOString(),
        until: startOfRomanianDay(addDays(from, 7)).toISOString(),
      },
    };
  });
  const since = addDays(today, 1 - LEAD_OVERVIEW_DAYS);
  const sinceInstant = startOfRomanianDay(since).toISOString();
  const [weekCounts, statuses, machines, categories, sent, accepted] = await Promise.all([
    countLeadsIn(
      db,
      weeks.map((week) => week.period),
    ),
    leadCounts(services),
    mostAskedMachines(db, sinceInstant, LEAD_OVERVIEW_TOP),
    mostAskedCategories(db, sinceInstant, LEAD_OVERVIEW_TOP),
    sentOffersIn(db, monthPeriods, currency),
    acceptedOffersIn(db, monthPeriods, currency),
  ]);
  const [products, categoryRows] = await Promise.all([
    findProductsByIds(
      db,
      machines.map((machine) => machine.id),
    ),
    listCategories(db),
  ]);
  const productNow = new Map(
    products.map((product) => [product.id, { name: product.model, category: product.category_name }]),
  );
  const categoryNow = new Map(categoryRows.map((category) => [category.id, category.name]));
  const [machinesGone, categoriesGone] = await Promise.all([
    lastAskedMachineNames(
      db,
      machines.filter(({ id }) => !productNow.has(id)).map(({ id }) => id),
    ),
    lastAskedCategoryNames(
      db,
      categories.filter(({ id }) => !categoryNow.has(id)).map(({ id }) => id),
    ),
  ]);
  return {
    weeks: weeks.map(({ from, to }, index) => ({ from, to, count: weekCounts[index] ?? 0 })),
    statuses,
    since,
    machines: machines
      .map(({ id, count }) => {
        const named = productNow.get(id) ?? machinesGone.get(id);
        return { productId: id, model: named?.name ?? "", category: named?.category ?? null, count };
      })
      .sort((a, b) => b.count - a.count || a.model.localeCompare(b.model, "ro")),
    categories: categories
      .map(({ id, count }) => ({ categoryId: id, name: categoryNow.get(id) ?? categoriesGone.get(id) ?? "", count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, "ro")),
    offers: {
      currency,
      months: months.map(({ month }, index) => ({
        month,
        sent: sent[index] ?? { count: 0, total: 0, net: 0 },
        accepted: accepted[index] ?? { count: 0, total: 0, net: 0 },
      })),
    },
  };
}
