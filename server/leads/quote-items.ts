import type { Insertable, Kysely } from "kysely";
import type { ContactFormRequest } from "../../common/leads/contact-schema.ts";
import type { QuoteItem, QuoteMachine } from "../../common/leads/quote-list-schema.ts";
import { endDateOf } from "../../common/leads/quote-days.ts";
import { quoteUnitsMaxOf } from "../../common/leads/quote-limits.ts";
import { findProductsByIds, type ProductWithCategory } from "../db/repositories/products.ts";
import type { Database, LeadItemTable } from "../db/schema.ts";
import { ValidationError } from "../core/errors.ts";
import { productPathOf } from "../catalogue/product-path.ts";

/** A machine of the quote list as it will be stored (its request's id is added then) and reported. */
export interface MachineToStore {
  row: Omit<Insertable<LeadItemTable>, "request_id" | "received_at">;
  /** Its public page, for the company's e-mail. */
  path: string;
  endDate: string | null;
}

/**
 * The request's machines, looked up in the catalogue as it is now, in one query: the machine of a
 * 'CERETI OFERTA' button (`product`, also the form posted without JavaScript) and the quote list,
 * each kept with its model and category as they are (the catalogue may change later). A request
 * without a list that names a `product` asks for that one machine. A machine not in the catalogue
 * (never, or deleted since the visitor listed it) is refused at its place: `product`, or `items.N.product`;
 * more units than the machine's fleet (or than the cap of a machine on request) at `items.N.units`.
 */
export async function quotedMachines(
  db: Kysely<Database>,
  request: ContactFormRequest,
): Promise<{ product: ProductWithCategory | undefined; machines: MachineToStore[] }> {
  const list = request.items ?? [];
  const listed: QuoteItem[] =
    list.length > 0
      ? list
      : request.product
        ? [{ product: request.product, startDate: null, days: null, operator: false, units: 1 }]
        : [];
  const asked = [...new Set([...(request.product ? [request.product] : []), ...listed.map((item) => item.product)])];
  const found = new Map((await findProductsByIds(db, asked)).map((product) => [product.id, product]));
  const product = request.product ? found.get(request.product) : undefined;
  if (request.product && !product) throw new ValidationError([{ msg: "INVALID_CONTACT_PRODUCT", path: "product" }]);
  const machines: MachineToStore[] = [];
  const refused: { msg: "INVALID_QUOTE_PRODUCT" | "QUOTE_UNITS_OVER_FLEET"; path: string }[] = [];
  listed.forEach((item, position) => {
    const machine = found.get(item.product);
    if (!machine) refused.push({ msg: "INVALID_QUOTE_PRODUCT", path: `items.${position}.product` });
    else if (item.units > quoteUnitsMaxOf(machine.units))
      refused.push({ msg: "QUOTE_UNITS_OVER_FLEET", path: `items.${position}.units` });
    else machines.push(quoted(item, position, machine));
  });
  if (refused.length > 0) throw new ValidationError(refused);
  return { product, machines };
}

function quoted(item: QuoteItem, position: number, product: ProductWithCategory): MachineToStore {
  return {
    row: {
      position,
      product_id: product.id,
      product_model: product.model,
      category_id: product.category_id,
      category_name: product.category_name,
      start_date: item.startDate,
      days: item.days,
      with_operator: item.operator ? 1 : 0,
      units: item.units,
    },
    path: productPathOf(product.category_slug, product.slug),
    endDate: endDateOf(item.startDate, item.days),
  };
}

/** The machines of a visitor's list that are still in the catalogue, as it names them now, in the list's order. */
export async function machinesStillOffered(db: Kysely<Database>, ids: readonly string[]): Promise<QuoteMachine[]> {
  const found = new Map((await findProductsByIds(db, ids)).map((product) => [product.id, product]));
  return ids.flatMap((id) => {
    const product = found.get(id);
    if (!product) return [];
    const category =
      product.category_name === null ? null : { name: product.category_name, name_en: product.category_name_en ?? "" };
    const path = productPathOf(product.category_slug, product.slug);
    return [{ id, model: product.model, category, path, maxUnits: quoteUnitsMaxOf(product.units) }];
  });
}
