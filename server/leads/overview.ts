import { LEAD_OVERVIEW_DAYS, LEAD_OVERVIEW_TOP, LEAD_OVERVIEW_WEEKS, type LeadOverview } from "../../common/schemas/leads.ts";
import { addDays, mondayOf, romanianDay, startOfRomanianDay } from "../../common/romanian-day.ts";
import { listCategories } from "../db/repositories/categories.ts";
import { countLeadsIn, mostAskedCategories, mostAskedMachines } from "../db/repositories/lead-demand.ts";
import { findProductsByIds } from "../db/repositories/products.ts";
import type { Services } from "../services.ts";
import { leadCounts } from "./inbox.ts";

/**
 * The demand overview: requests per week (Monday to Sunday in Romania, the current week last), all
 * requests by status, and the machines and categories of quote lists most asked for in the last 90
 * days, named as the catalogue names them now (as they were asked for, once deleted).
 */
export async function leadOverview(services: Services, now: Date = new Date()): Promise<LeadOverview> {
  const { db } = services;
  const today = romanianDay(now);
  const weeks = Array.from({ length: LEAD_OVERVIEW_WEEKS }, (_, index) => {
    const from = addDays(mondayOf(today), 7 * (index - LEAD_OVERVIEW_WEEKS + 1));
    return { from, to: addDays(from, 6), period: { from: startOfRomanianDay(from).toISOString(), until: startOfRomanianDay(addDays(from, 7)).toISOString() } };
  });
  const since = addDays(today, 1 - LEAD_OVERVIEW_DAYS);
  const sinceInstant = startOfRomanianDay(since).toISOString();
  const [weekCounts, statuses, machines, categories] = await Promise.all([
    countLeadsIn(db, weeks.map((week) => week.period)),
    leadCounts(services),
    mostAskedMachines(db, sinceInstant, LEAD_OVERVIEW_TOP),
    mostAskedCategories(db, sinceInstant, LEAD_OVERVIEW_TOP),
  ]);
  const [products, categoryRows] = await Promise.all([findProductsByIds(db, machines.map((machine) => machine.id)), listCategories(db)]);
  const productNow = new Map(products.map((product) => [product.id, product]));
  const categoryNow = new Map(categoryRows.map((category) => [category.id, category.name]));
  return {
    weeks: weeks.map(({ from, to }, index) => ({ from, to, count: weekCounts[index] ?? 0 })),
    statuses,
    since,
    machines: machines.map(({ id, name, category, count }) => {
      const current = productNow.get(id);
      return { productId: id, model: current?.model ?? name, category: current ? current.category_name : category, count };
    }),
    categories: categories.map(({ id, name, count }) => ({ categoryId: id, name: categoryNow.get(id) ?? name, count })),
  };
}
