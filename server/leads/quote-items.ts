import type { Insertable, Kysely } from "kysely";
import type { ContactFormRequest } from "../../common/schemas/contact.ts";
import type { QuoteItem, QuoteMachine } from "../../common/schemas/quote-list.ts";
import { endDateOf } from "../../common/quote-days.ts";
import { findProductsByIds, type ProductWithCategory } from "../db/repositories/products.ts";
import type { Database, LeadItemTable } from "../db/schema.ts";
import { ValidationError } from "../errors.ts";
import { productPathOf } from "../catalogue/product-path.ts";

/** A machine of the quote list as it will be stored (its request's id is added then) and reported. */
export interface MachineToStore {
  row: Omit<Insertable<LeadItemTable>, "request_id" | "received_at">;
  /** Its public page, for the company's e-mail. */
  path: string;
  endDate: string | null;
}

/**
 * The request's quote list, each machine looked up in the catalogue as it is now (its model and
 * category are kept as they are: the catalogue may change later). A request without a list that
 * names the machine of a 'CERETI OFERTA' button (`product`, also the form posted without JavaScript)
 * asks for that one machine. A machine not in the catalogue (never, or deleted since the visitor
 * listed it) is refused at its place in the list.
 */
export async function quotedMachines(db: Kysely<Database>, request: ContactFormRequest): Promise<MachineToStore[]> {
  const list = request.items ?? [];
  const fromList = list.length > 0;
  const listed: QuoteItem[] = fromList ? list : request.product ? [{ product: request.product, startDate: null, days: null, operator: false }] : [];
  const found = new Map((await findProductsByIds(db, listed.map((item) => item.product))).map((product) => [product.id, product]));
  const machines: MachineToStore[] = [];
  const missing: { msg: "INVALID_QUOTE_PRODUCT" | "INVALID_CONTACT_PRODUCT"; path: string }[] = [];
  listed.forEach((item, position) => {
    const product = found.get(item.product);
    if (product) machines.push(quoted(item, position, product));
    else missing.push(fromList ? { msg: "INVALID_QUOTE_PRODUCT", path: `items.${position}.product` } : { msg: "INVALID_CONTACT_PRODUCT", path: "product" });
  });
  if (missing.length > 0) throw new ValidationError(missing);
  return machines;
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
    const category = product.category_name === null ? null : { name: product.category_name, name_en: product.category_name_en ?? "" };
    return [{ id, model: product.model, category, path: productPathOf(product.category_slug, product.slug) }];
  });
}
