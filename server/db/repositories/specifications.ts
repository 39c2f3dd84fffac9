import type { Kysely } from "kysely";
import type { SpecificationKind } from "../../../common/specifications/specification-schema.ts";
import type {
  Database,
  NewProductSpecificationValue,
  NewSpecification,
  NewSpecificationOption,
  SpecificationOptionRow,
  SpecificationRow,
} from "../schema.ts";

/** The categories' specifications, in each category's order. */
export function listSpecifications(db: Kysely<Database>, categoryIds: readonly string[]): Promise<SpecificationRow[]> {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("specifications")
    .selectAll()
    .where("category_id", "in", [...categoryIds])
    .orderBy("category_id")
    .orderBy("position")
    .execute();
}

/** The options of the categories' choice specifications, in each one's order. */
export function listSpecificationOptions(db: Kysely<Database>, categoryIds: readonly string[]): Promise<SpecificationOptionRow[]> {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("specification_options")
    .innerJoin("specifications", "specifications.id", "specification_options.specification_id")
    .selectAll("specification_options")
    .where("specifications.category_id", "in", [...categoryIds])
    .orderBy("specification_options.specification_id")
    .orderBy("specification_options.position")
    .execute();
}

/** A stored value with the kind that says which of its columns holds it. */
export interface StoredValue {
  product_id: string;
  specification_id: string;
  kind: SpecificationKind;
  number_value: number | null;
  option_id: string | null;
  yes_no: number | null;
  text_ro: string | null;
  text_en: string | null;
}

/** The products' values for the specifications of each one's current category (one query for them all). */
export function listProductValues(db: Kysely<Database>, productIds: readonly string[]): Promise<StoredValue[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_specification_values as v")
    .innerJoin("specifications as s", "s.id", "v.specification_id")
    .innerJoin("products as p", (join) => join.onRef("p.id", "=", "v.product_id").onRef("p.category_id", "=", "s.category_id"))
    .select(["v.product_id", "v.specification_id", "s.kind", "v.number_value", "v.option_id", "v.yes_no", "v.text_ro", "v.text_en"])
    .where("v.product_id", "in", [...productIds])
    .orderBy("v.product_id")
    .orderBy("s.position")
    .execute();
}

export async function insertSpecifications(db: Kysely<Database>, rows: readonly NewSpecification[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("specifications").values([...rows]).execute();
}

export async function insertSpecificationOptions(db: Kysely<Database>, rows: readonly NewSpecificationOption[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("specification_options").values([...rows]).execute();
}

export async function insertProductValues(db: Kysely<Database>, rows: readonly NewProductSpecificationValue[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("product_specification_values").values([...rows]).execute();
}
