import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ErrorBody, ValidationErrorBody } from "../../common/errors/error-codes.ts";
import {
  normalizedSpecificationValue,
  specificationValueIssue,
  type AffectedSpecification,
  type SpecificationChange,
  type SpecificationInput,
} from "../../common/specifications/specification-input.ts";
import type { SpecificationValues, SpecificationView } from "../../common/specifications/specification-schema.ts";
import { carryValues } from "../../common/specifications/carry-values.ts";
import { HttpError, ValidationError } from "../core/errors.ts";
import {
  deleteProductValues,
  deleteSpecificationOptions,
  deleteSpecifications,
  deleteValuesOfSpecification,
  insertProductValues,
  insertSpecificationOptions,
  insertSpecifications,
  specificationCategories,
  updateSpecification,
  updateSpecificationOption,
  valueHolders,
} from "../db/repositories/specifications.ts";
import type { Database, NewSpecificationOption } from "../db/schema.ts";
import { newOptionKey, newSpecificationKey } from "./specification-keys.ts";
import { valueRow } from "./specification-values.ts";
import { specificationValuesByProduct, specificationViewsByCategory } from "./specification-views.ts";

/**
 * Writes of typed specifications (decision 057): a category's definitions replaced by an ordered
 * list, a machine's values checked against its category's definitions. Both run inside the
 * catalogue write's transaction (writeAndRenewPages), so pages of both languages are renewed with them.
 */

type Db = Kysely<Database>;

/** 409 SPECIFICATION_VALUES_AFFECTED: the usual error fields, and which machines' values the update would touch. */
export class SpecificationValuesAffected extends HttpError {
  readonly affected: AffectedSpecification[];
  constructor(affected: AffectedSpecification[]) {
    super(409, "SPECIFICATION_VALUES_AFFECTED");
    this.affected = affected;
  }

  override body(): ErrorBody & { error: { affected: AffectedSpecification[] } } {
    const { error } = super.body();
    return { error: { ...error, affected: this.affected } };
  }
}

async function definitionsOf(db: Db, categoryId: string): Promise<SpecificationView[]> {
  return (await specificationViewsByCategory(db, [categoryId])).get(categoryId) ?? [];
}

/** Ids the payload names must be this category's definitions, and their options those definitions'. */
function checkIds(stored: ReadonlyMap<string, SpecificationView>, inputs: readonly SpecificationInput[]): void {
  const errors: ValidationErrorBody["errors"] = [];
  inputs.forEach((input, index) => {
    const definition = input.uuid === undefined ? undefined : stored.get(input.uuid);
    if (input.uuid !== undefined && !definition) {
      errors.push({ msg: "UNKNOWN_SPECIFICATION", path: `specifications.${index}.uuid` });
      return;
    }
    // A new definition has no options of its own yet; a kept one only its own.
    input.options.forEach((option, position) => {
      if (option.uuid !== undefined && !definition?.options.some((candidate) => candidate.uuid === option.uuid)) {
        errors.push({ msg: "INVALID_SPECIFICATION_OPTIONS", path: `specifications.${index}.options.${position}.uuid` });
      }
    });
  });
  if (errors.length > 0) throw new ValidationError(errors);
}

/** What the new list does to a stored definition's values, if anything. */
function changeOf(
  definition: SpecificationView,
  input: SpecificationInput | undefined,
): { change: SpecificationChange; options?: Set<string> } | undefined {
  if (!input) return { change: "removed" };
  if (input.kind !== definition.kind) return { change: "kind_changed" };
  if (definition.kind === "number" && input.unit !== definition.unit) return { change: "unit_changed" };
  if (definition.kind !== "choice") return undefined;
  const kept = new Set(input.options.flatMap((option) => (option.uuid === undefined ? [] : [option.uuid])));
  const removed = new Set(definition.options.filter((option) => !kept.has(option.uuid)).map((option) => option.uuid));
  return removed.size > 0 ? { change: "options_removed", options: removed } : undefined;
}

/** The stored values the list would remove or reinterpret, per definition, with the machines holding them. */
async function affectedBy(
  db: Db,
  stored: readonly SpecificationView[],
  inputs: ReadonlyMap<string, SpecificationInput>,
): Promise<AffectedSpecification[]> {
  const changes = new Map(
    stored.flatMap((definition) => {
      const change = changeOf(definition, inputs.get(definition.uuid));
      return change ? [[definition.uuid, { definition, ...change }] as const] : [];
    }),
  );
  const holders = await valueHolders(db, [...changes.keys()]);
  return [...changes.values()].flatMap(({ definition, change, options }) => {
    const products = holders
      .filter(
        (holder) =>
          holder.specification_id === definition.uuid &&
          (!options || (holder.option_id !== null && options.has(holder.option_id))),
      )
      .map((holder) => ({ uuid: holder.product_id, model: holder.model }));
    return products.length > 0 ? [{ uuid: definition.uuid, name: definition.name, change, products }] : [];
  });
}

/**
 * Replaces the category's definitions by `inputs`, in their order: a definition missing from the list
 * goes with its values, a kept one keeps its key and its values (renamed or not). An update that would
 * remove values, or reinterpret numbers in another unit, is refused with 409 unless `confirmed`.
 */
export async function replaceSpecifications(
  db: Db,
  categoryId: string,
  inputs: readonly SpecificationInput[],
  confirmed: boolean,
  now: string,
): Promise<void> {
  const stored = await definitionsOf(db, categoryId);
  const storedById = new Map(stored.map((definition) => [definition.uuid, definition]));
  checkIds(storedById, inputs);
  const inputsById = new Map(
    inputs.flatMap((input) => (input.uuid === undefined ? [] : [[input.uuid, input] as const])),
  );
  const affected = await affectedBy(db, stored, inputsById);
  if (affected.length > 0 && !confirmed) throw new SpecificationValuesAffected(affected);

  await deleteSpecifications(
    db,
    stored.filter((definition) => !inputsById.has(definition.uuid)).map((definition) => definition.uuid),
  );
  const keys = new Set(
    stored.filter((definition) => inputsById.has(definition.uuid)).map((definition) => definition.key),
  );
  const newOptions: NewSpecificationOption[] = [];
  for (const [position, input] of inputs.entries()) {
    const fields = {
      name: input.name,
      name_en: input.name_en,
      kind: input.kind,
      unit: input.kind === "number" ? input.unit : null,
      position,
      on_card: input.on_card ? 1 : 0,
      filter: input.filter ? 1 : 0,
    };
    const before = input.uuid === undefined ? undefined : storedById.get(input.uuid);
    if (!before) {
      const id = randomUUID();
      await insertSpecifications(db, [
        {
          id,
          category_id: categoryId,
          key: newSpecificationKey(input.name, keys),
          ...fields,
          created_at: now,
          updated_at: now,
        },
      ]);
      newOptions.push(...optionRows(id, input, new Set()));
      continue;
    }
    await updateSpecification(db, before.uuid, { ...fields, updated_at: now });
    if (before.kind !== input.kind) {
      await deleteValuesOfSpecification(db, before.uuid);
      await deleteSpecificationOptions(
        db,
        before.options.map((option) => option.uuid),
      );
      newOptions.push(...optionRows(before.uuid, input, new Set()));
      continue;
    }
    const keptOptions = new Set(input.options.flatMap((option) => (option.uuid === undefined ? [] : [option.uuid])));
    await deleteSpecificationOptions(
      db,
      before.options.filter((option) => !keptOptions.has(option.uuid)).map((option) => option.uuid),
    );
    for (const [optionPosition, option] of input.options.entries()) {
      if (option.uuid !== undefined)
        await updateSpecificationOption(db, option.uuid, {
          name: option.name,
          name_en: option.name_en,
          position: optionPosition,
        });
    }
    const optionKeys = new Set(
      before.options.filter((option) => keptOptions.has(option.uuid)).map((option) => option.key),
    );
    newOptions.push(...optionRows(before.uuid, input, optionKeys));
  }
  await insertSpecificationOptions(db, newOptions);
}

/** Rows of the input's new options (those without a uuid), keyed apart from `taken`. */
function optionRows(specificationId: string, input: SpecificationInput, taken: Set<string>): NewSpecificationOption[] {
  return input.options.flatMap((option, position) => {
    if (option.uuid !== undefined) return [];
    return [
      {
        id: randomUUID(),
        specification_id: specificationId,
        key: newOptionKey(option.name, taken),
        name: option.name,
        name_en: option.name_en,
        position,
      },
    ];
  });
}

/**
 * The values a payload gives (`specifications.<uuid>`: null or absent for none), checked against the
 * definitions of the category the payload names; every refusal is listed with its own code.
 */
async function checkedValues(
  db: Db,
  given: Readonly<Record<string, unknown>>,
  definitions: readonly SpecificationView[],
): Promise<SpecificationValues> {
  const byId = new Map(definitions.map((definition) => [definition.uuid, definition]));
  const foreign = await specificationCategories(
    db,
    Object.keys(given).filter((id) => !byId.has(id)),
  );
  const errors: ValidationErrorBody["errors"] = [];
  const values: SpecificationValues = {};
  for (const [id, value] of Object.entries(given)) {
    const path = `specifications.${id}`;
    const definition = byId.get(id);
    if (!definition) {
      errors.push({
        msg: foreign.has(id) ? "PRODUCT_SPECIFICATION_NOT_IN_CATEGORY" : "UNKNOWN_PRODUCT_SPECIFICATION",
        path,
      });
      continue;
    }
    const issue = specificationValueIssue(definition, value);
    if (issue) errors.push({ msg: issue, path });
    const stored = normalizedSpecificationValue(definition, value);
    if (!issue && stored !== null) values[id] = stored;
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return values;
}

/**
 * Stores a machine's values as the write asks: `given` (the payload's field) replaces them all,
 * checked against `categoryId`'s definitions; left out, they stay, or, when the machine changes
 * category (`previousCategoryId`), those both categories share are carried and the rest dropped (a
 * machine without a category, or a new one, has none to carry). Runs before the product row takes
 * its new category, so its stored values are still read through the old one.
 */
export async function writeProductValues(
  db: Db,
  productId: string,
  categoryId: string,
  given: Readonly<Record<string, unknown>> | undefined,
  previousCategoryId: string | null,
): Promise<void> {
  if (given !== undefined) {
    const target = await definitionsOf(db, categoryId);
    await storeValues(db, productId, target, await checkedValues(db, given, target));
    return;
  }
  if (previousCategoryId === null || previousCategoryId === categoryId) return;
  const target = await definitionsOf(db, categoryId);
  const stored = (await specificationValuesByProduct(db, [productId])).get(productId) ?? {};
  await storeValues(
    db,
    productId,
    target,
    carryValues(await definitionsOf(db, previousCategoryId), target, stored).carried,
  );
}

/** The machine's values become `values` (of the `definitions` they belong to). */
async function storeValues(
  db: Db,
  productId: string,
  definitions: readonly SpecificationView[],
  values: SpecificationValues,
): Promise<void> {
  await deleteProductValues(db, productId);
  const kinds = new Map(definitions.map((definition) => [definition.uuid, definition.kind]));
  const rows = Object.entries(values).flatMap(([id, value]) => {
    const kind = kinds.get(id);
    return kind ? [valueRow(productId, id, kind, value)] : [];
  });
  await insertProductValues(db, rows);
}
