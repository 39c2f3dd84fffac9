import type { SpecificationKind, SpecificationValue } from "../../common/specifications/specification-schema.ts";
import type { Kysely } from "kysely";
import { listSpecifications, liveOptionIds } from "../db/repositories/specifications.ts";
import type { Database, NewProductSpecificationValue } from "../db/schema.ts";

/** The typed columns a value is stored in (decision 057): its kind's column set, the others null. */
export function valueRow(
  productId: string,
  specificationId: string,
  kind: SpecificationKind,
  value: SpecificationValue,
): NewProductSpecificationValue {
  const row: NewProductSpecificationValue = {
    product_id: productId,
    specification_id: specificationId,
    number_value: null,
    option_id: null,
    yes_no: null,
    text_ro: null,
    text_en: null,
  };
  if (kind === "number" && typeof value === "number") row.number_value = value;
  else if (kind === "choice" && typeof value === "string") row.option_id = value;
  else if (kind === "yes_no" && typeof value === "boolean") row.yes_no = value ? 1 : 0;
  else if (kind === "text" && typeof value === "object") Object.assign(row, { text_ro: value.ro, text_en: value.en });
  else throw new Error(`A ${kind} specification cannot hold ${JSON.stringify(value)}`);
  return row;
}

/** A stored value as a payload names it: the way back of valueRow. */
export function payloadValue(
  row: Omit<NewProductSpecificationValue, "product_id" | "specification_id">,
): SpecificationValue {
  if (row.number_value !== null && row.number_value !== undefined) return row.number_value;
  if (row.option_id !== null && row.option_id !== undefined) return row.option_id;
  if (row.yes_no !== null && row.yes_no !== undefined) return row.yes_no === 1;
  return { ro: row.text_ro ?? "", en: row.text_en ?? "" };
}

/** The kind a stored value was written for: the column it holds. */
function kindOfRow(row: Omit<NewProductSpecificationValue, "product_id" | "specification_id">): SpecificationKind {
  if (row.number_value !== null && row.number_value !== undefined) return "number";
  if (row.option_id !== null && row.option_id !== undefined) return "choice";
  if (row.yes_no !== null && row.yes_no !== undefined) return "yes_no";
  return "text";
}

/**
 * Of a machine's values kept from an earlier state (a revision, the state before an import), those
 * the category still takes, as payloads: a value whose specification, choice or kind went since
 * would be refused by the form's checks, and it went with its definition.
 */
export async function valuesStillTaken(
  db: Kysely<Database>,
  categoryId: string,
  values: readonly NewProductSpecificationValue[],
): Promise<Record<string, SpecificationValue>> {
  const kinds = new Map((await listSpecifications(db, [categoryId])).map((row) => [row.id, row.kind]));
  const options = await liveOptionIds(
    db,
    values.flatMap((value) => (value.option_id === null || value.option_id === undefined ? [] : [value.option_id])),
  );
  return Object.fromEntries(
    values
      .filter(
        (value) =>
          kinds.get(value.specification_id) === kindOfRow(value) &&
          (value.option_id === null || value.option_id === undefined || options.has(value.option_id)),
      )
      .map((value) => [value.specification_id, payloadValue(value)]),
  );
}
