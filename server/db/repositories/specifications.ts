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
export function listSpecificationOptions(
  db: Kysely<Database>,
  categoryIds: readonly string[],
): Promise<SpecificationOptionRow[]> {
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

/**
 * The products' stored values, whatever their specification's kind and category: without the joins
 * of listProductValues, for the search's build, which reads the whole catalogue and knows the
 * specifications already (server/catalogue/read.ts, searchableProducts).
 */
export function listProductValueColumns(
  db: Kysely<Database>,
  productIds: readonly string[],
): Promise<Omit<StoredValue, "kind">[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_specification_values")
    .select(["product_id", "specification_id", "number_value", "option_id", "yes_no", "text_ro", "text_en"])
    .where("product_id", "in", [...productIds])
    .execute();
}

/** The products' values for the specifications of each one's current category (one query for them all). */
export function listProductValues(db: Kysely<Database>, productIds: readonly string[]): Promise<StoredValue[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_specification_values as v")
    .innerJoin("specifications as s", "s.id", "v.specification_id")
    .innerJoin("products as p", (join) =>
      join.onRef("p.id", "=", "v.product_id").onRef("p.category_id", "=", "s.category_id"),
    )
    .select([
      "v.product_id",
      "v.specification_id",
      "s.kind",
      "v.number_value",
      "v.option_id",
      "v.yes_no",
      "v.text_ro",
      "v.text_en",
    ])
    .where("v.product_id", "in", [...productIds])
    .orderBy("v.product_id")
    .orderBy("s.position")
    .execute();
}

export async function insertSpecifications(db: Kysely<Database>, rows: readonly NewSpecification[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto("specifications")
      .values([...rows])
      .execute();
}

export async function insertSpecificationOptions(
  db: Kysely<Database>,
  rows: readonly NewSpecificationOption[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto("specification_options")
      .values([...rows])
      .execute();
}

export async function insertProductValues(
  db: Kysely<Database>,
  rows: readonly NewProductSpecificationValue[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto("product_specification_values")
      .values([...rows])
      .execute();
}

export async function updateSpecification(
  db: Kysely<Database>,
  id: string,
  changes: Pick<
    SpecificationRow,
    "name" | "name_en" | "kind" | "unit" | "position" | "on_card" | "filter" | "updated_at"
  >,
): Promise<void> {
  await db.updateTable("specifications").set(changes).where("id", "=", id).execute();
}

/** Their options and values go with them (ON DELETE CASCADE). */
export async function deleteSpecifications(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom("specifications")
      .where("id", "in", [...ids])
      .execute();
}

export async function updateSpecificationOption(
  db: Kysely<Database>,
  id: string,
  changes: Pick<SpecificationOptionRow, "name" | "name_en" | "position">,
): Promise<void> {
  await db.updateTable("specification_options").set(changes).where("id", "=", id).execute();
}

/** The values that chose them go with them (ON DELETE CASCADE). */
export async function deleteSpecificationOptions(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom("specification_options")
      .where("id", "in", [...ids])
      .execute();
}

export async function deleteValuesOfSpecification(db: Kysely<Database>, specificationId: string): Promise<void> {
  await db.deleteFrom("product_specification_values").where("specification_id", "=", specificationId).execute();
}

export async function deleteProductValues(db: Kysely<Database>, productId: string): Promise<void> {
  await db.deleteFrom("product_specification_values").where("product_id", "=", productId).execute();
}

/** Who holds a value of these specifications: the machine, its model and, for a choice, the option. */
export function valueHolders(
  db: Kysely<Database>,
  specificationIds: readonly string[],
): Promise<{ specification_id: string; product_id: string; model: string; option_id: string | null }[]> {
  if (specificationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_specification_values as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select(["v.specification_id", "v.product_id", "p.model", "v.option_id"])
    .where("v.specification_id", "in", [...specificationIds])
    .orderBy("p.model")
    .execute();
}

/** The category of each of these specifications that exists. */
export async function specificationCategories(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("specifications")
    .select(["id", "category_id"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.category_id]));
}

/** A product's value rows as stored (the trash keeps them whole). */
export function productValueRows(db: Kysely<Database>, productId: string) {
  return db
    .selectFrom("product_specification_values")
    .selectAll()
    .where("product_id", "=", productId)
    .orderBy("specification_id")
    .execute();
}

/** Of `ids`, the specifications that exist and belong to `categoryId`; of `optionIds`, the options that exist. */
export async function liveSpecificationIds(
  db: Kysely<Database>,
  categoryId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("specifications")
    .select("id")
    .where("category_id", "=", categoryId)
    .where("id", "in", [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function liveOptionIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("specification_options")
    .select("id")
    .where("id", "in", [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** A category's specification rows in order, and their options. */
export async function categoryDefinitionRows(db: Kysely<Database>, categoryId: string) {
  const specifications = await db
    .selectFrom("specifications")
    .selectAll()
    .where("category_id", "=", categoryId)
    .orderBy("position")
    .execute();
  const ids = specifications.map((row) => row.id);
  const options =
    ids.length === 0
      ? []
      : await db
          .selectFrom("specification_options")
          .selectAll()
          .where("specification_id", "in", ids)
          .orderBy("specification_id")
          .orderBy("position")
          .execute();
  return { specifications, options };
}

/** The machines' values of a category's specifications (the trash keeps them with the category). */
export async function categoryValueRows(db: Kysely<Database>, categoryId: string) {
  return db
    .selectFrom("product_specification_values")
    .selectAll()
    .where("specification_id", "in", (eb) =>
      eb.selectFrom("specifications").select("id").where("category_id", "=", categoryId),
    )
    .execute();
}

/** The value rows of these products. */
export async function productValueRowsOf(db: Kysely<Database>, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom("product_specification_values")
    .selectAll()
    .where("product_id", "in", [...productIds])
    .execute();
}
