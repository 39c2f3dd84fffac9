import { z } from "../zod.ts";
import type { ErrorCode } from "../errors/error-codes.ts";
import { UUID_PATTERN, hasHiddenCharacter, showsSomething } from "../fields/field-rules.ts";
import { collapseSpaces } from "../text/slug.ts";
import { byInput } from "../fields/schema-fields.ts";
import {
  CARD_SPECIFICATIONS_MAX,
  SPECIFICATION_KINDS,
  SPECIFICATION_NAME_MAX_LENGTH,
  SPECIFICATION_NUMBER_DECIMALS,
  SPECIFICATION_NUMBER_MAX,
  SPECIFICATION_OPTIONS_MAX,
  SPECIFICATION_OPTIONS_MIN,
  SPECIFICATION_TEXT_MAX_LENGTH,
  SPECIFICATIONS_MAX,
  type SpecificationKind,
  type SpecificationValue,
} from "./specification-schema.ts";
import { UNIT_KEYS, type UnitKey } from "./units.ts";

/**
 * The specifications' payload fields, with their error codes as messages (as common/fields/schema-fields.ts
 * explains): a category's ordered definitions, the confirmation that lets an update drop or
 * reinterpret stored values, and a product's values. The admin forms and the API use the same rules;
 * the server adds what needs the database (ids of this category, values in use) and checks each value
 * against its definition with `specificationValueIssue`.
 */

/** Stored as written once composed (so 'ș' typed either way is one letter), runs of spaces collapsed. */
function normalizeLine(value: string): string {
  return collapseSpaces(value.normalize("NFC"));
}

/** How names are compared for duplicates and for carrying values: case and diacritics aside. */
export function comparableName(name: string): string {
  return normalizeLine(name)
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toLocaleLowerCase("ro-RO");
}

/** A one-line name of at most SPECIFICATION_NAME_MAX_LENGTH characters, that shows (no hidden characters). */
function lineField(required: ErrorCode, invalid: ErrorCode) {
  return z
    .string({ error: byInput(required, invalid) })
    .refine((value) => !hasHiddenCharacter(value), { error: invalid, abort: true })
    .overwrite(normalizeLine)
    .min(1, { error: required, abort: true })
    .refine(showsSomething, { error: invalid, abort: true })
    .max(SPECIFICATION_NAME_MAX_LENGTH, { error: invalid });
}

/** The English beside a name: empty (the default) means not translated; otherwise a name as lineField's. */
function englishLineField(invalid: ErrorCode) {
  return z
    .string({ error: invalid })
    .refine((value) => !hasHiddenCharacter(value), { error: invalid, abort: true })
    .overwrite(normalizeLine)
    .refine((value) => value === "" || showsSomething(value), { error: invalid, abort: true })
    .max(SPECIFICATION_NAME_MAX_LENGTH, { error: invalid })
    .default("");
}

/** An id a payload names: a UUID, read in lower case as ids are stored. */
function idField(code: ErrorCode) {
  return z
    .string({ error: code })
    .regex(UUID_PATTERN, { error: code })
    .transform((value) => value.toLowerCase())
    .optional();
}

const optionInputSchema = z.object(
  {
    uuid: idField("INVALID_SPECIFICATION_OPTIONS").meta({
      description: "An existing option of this specification; absent = a new option.",
    }),
    name: lineField("REQUIRED_SPECIFICATION_OPTION_NAME", "INVALID_SPECIFICATION_OPTIONS"),
    name_en: englishLineField("INVALID_SPECIFICATION_OPTIONS"),
  },
  { error: "INVALID_SPECIFICATION_OPTIONS" },
);

/** The kind's rules on unit and options, each at its own field. */
function kindRule(
  definition: { kind: SpecificationKind; unit?: UnitKey | null | undefined; options?: readonly unknown[] | undefined },
  context: z.RefinementCtx,
): void {
  const issue = (message: ErrorCode, field: "unit" | "options") =>
    context.addIssue({ code: "custom", message, path: [field], input: definition[field] });
  if (definition.kind !== "number" && definition.unit != null) issue("INVALID_SPECIFICATION_UNIT", "unit");
  const options = definition.options?.length ?? 0;
  if (
    definition.kind === "choice"
      ? options < SPECIFICATION_OPTIONS_MIN || options > SPECIFICATION_OPTIONS_MAX
      : options > 0
  ) {
    issue("INVALID_SPECIFICATION_OPTIONS", "options");
  }
}

/** Two options of one choice may not share a name (case and diacritics aside). */
function distinctOptions(options: readonly { name: string }[] | undefined, context: z.RefinementCtx): void {
  const seen = new Set<string>();
  options?.forEach((option, index) => {
    const name = comparableName(option.name);
    if (seen.has(name))
      context.addIssue({
        code: "custom",
        message: "DUPLICATE_SPECIFICATION_OPTION",
        path: ["options", index, "name"],
        input: option.name,
      });
    seen.add(name);
  });
}

export const specificationInputSchema = z
  .object(
    {
      uuid: idField("UNKNOWN_SPECIFICATION").meta({
        description: "An existing specification of this category; absent = a new one.",
      }),
      name: lineField("REQUIRED_SPECIFICATION_NAME", "INVALID_SPECIFICATION_NAME"),
      name_en: englishLineField("INVALID_SPECIFICATION_NAME_EN"),
      kind: z.enum(SPECIFICATION_KINDS, { error: "INVALID_SPECIFICATION_KIND" }),
      unit: z
        .enum(UNIT_KEYS, { error: "INVALID_SPECIFICATION_UNIT" })
        .nullable()
        .default(null)
        .meta({ description: "A number's unit (null: a plain count); null or absent for the other kinds." }),
      options: z
        .array(optionInputSchema, { error: "INVALID_SPECIFICATION_OPTIONS" })
        .default([])
        .meta({
          description: `A choice's options in order (${SPECIFICATION_OPTIONS_MIN}–${SPECIFICATION_OPTIONS_MAX}); empty or absent for the other kinds.`,
        }),
      on_card: z.boolean({ error: "INVALID_CATEGORY_SPECIFICATIONS" }).default(false),
      filter: z.boolean({ error: "INVALID_CATEGORY_SPECIFICATIONS" }).default(false),
    },
    { error: "INVALID_CATEGORY_SPECIFICATIONS" },
  )
  .superRefine((definition, context) => {
    kindRule(definition, context);
    distinctOptions(definition.options, context);
  });

export type SpecificationInput = z.output<typeof specificationInputSchema>;
export type SpecificationOptionInput = SpecificationInput["options"][number];

/** Over the whole list: distinct names, distinct ids, at most CARD_SPECIFICATIONS_MAX on the cards. */
function listRule(definitions: readonly SpecificationInput[], context: z.RefinementCtx): void {
  const names = new Set<string>();
  const ids = new Set<string>();
  let onCard = 0;
  definitions.forEach((definition, index) => {
    const issue = (message: ErrorCode, field: keyof SpecificationInput) =>
      context.addIssue({ code: "custom", message, path: [index, field], input: definition[field] });
    const name = comparableName(definition.name);
    if (names.has(name)) issue("DUPLICATE_SPECIFICATION_NAME", "name");
    names.add(name);
    if (definition.uuid !== undefined) {
      if (ids.has(definition.uuid)) issue("UNKNOWN_SPECIFICATION", "uuid");
      ids.add(definition.uuid);
    }
    if (definition.on_card && ++onCard > CARD_SPECIFICATIONS_MAX) issue("TOO_MANY_CARD_SPECIFICATIONS", "on_card");
  });
}

/**
 * A category's `specifications` payload field: the full ordered list. Left out, an update keeps the
 * stored definitions; a stored definition missing from the list is removed with its values.
 */
export const categorySpecificationsField = z
  .array(specificationInputSchema, { error: "INVALID_CATEGORY_SPECIFICATIONS" })
  .max(SPECIFICATIONS_MAX, { error: "INVALID_CATEGORY_SPECIFICATIONS" })
  .superRefine(listRule)
  .optional()
  .meta({
    description:
      "The category's specifications, the full ordered list (additive to spec §7): left out, an update keeps the stored ones; a stored one missing from the list is removed with its values.",
  });

/**
 * `confirm_value_changes: true` lets a category update remove stored values (a removed specification
 * or option machines use, a changed kind) or reinterpret them (a changed unit); without it such an
 * update is refused with 409 SPECIFICATION_VALUES_AFFECTED, which names the machines.
 */
export const confirmValueChangesField = z.boolean({ error: "INVALID_CATEGORY_SPECIFICATIONS" }).optional().meta({
  description:
    "true: apply a change of the specifications that removes or reinterprets machines' values (otherwise 409 SPECIFICATION_VALUES_AFFECTED).",
});

/**
 * The keys of a product's `specifications` payload, read from the parsed JSON itself: JSON.parse
 * makes `"__proto__"` an own key, which z.record would skip without a word (an empty set of values:
 * every stored value cleared). Over SPECIFICATIONS_MAX keys (no category has more specifications) the
 * field is refused whole, before any key is looked at or looked up.
 */
function productSpecificationKeys(values: unknown, context: z.RefinementCtx): unknown {
  if (typeof values !== "object" || values === null || Array.isArray(values)) return values;
  const keys = Object.keys(values);
  if (keys.length > SPECIFICATIONS_MAX) {
    context.addIssue({ code: "custom", message: "TOO_MANY_PRODUCT_SPECIFICATIONS", input: keys.length });
    return values;
  }
  for (const key of keys) {
    if (!UUID_PATTERN.test(key))
      context.addIssue({ code: "custom", message: "UNKNOWN_PRODUCT_SPECIFICATION", path: [key], input: key });
  }
  return values;
}

/**
 * A product's `specifications` payload field: values by specification uuid (keys in lower case).
 * Left out, an update keeps the stored values; given, it is the full set (absent or null: no value).
 */
export const productSpecificationsField = z
  .preprocess(
    productSpecificationKeys,
    z
      .record(z.string(), z.unknown(), { error: "INVALID_PRODUCT_SPECIFICATIONS" })
      .transform((values) =>
        Object.fromEntries(Object.entries(values).map(([key, value]) => [key.toLowerCase(), value])),
      ),
  )
  .optional()
  .meta({
    description: `The machine's values by specification uuid (additive to spec §7), at most ${SPECIFICATIONS_MAX}: a number in the specification's unit, a choice's option uuid, true/false, or { ro, en } for a text; null or absent = no value. Left out, an update keeps the stored values.`,
  });

/** What a value is checked against: its definition's kind and, for a choice, its options' ids. */
export interface SpecificationDefinition {
  kind: SpecificationKind;
  options: readonly { uuid: string }[];
}

function isTextPair(value: unknown): value is { ro: string; en?: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { ro, en } = value as Record<string, unknown>;
  return typeof ro === "string" && (en === undefined || typeof en === "string");
}

/** A text value's side is refused with hidden characters, nothing to show but blanks, or too long. */
function textIssue(text: string): boolean {
  const line = normalizeLine(text);
  return (
    hasHiddenCharacter(text) || (line !== "" && !showsSomething(line)) || line.length > SPECIFICATION_TEXT_MAX_LENGTH
  );
}

/**
 * What is wrong with a machine's value for a specification, or null when it fits (null, an empty text
 * pair: no value). Numbers are finite, within ±SPECIFICATION_NUMBER_MAX, with at most
 * SPECIFICATION_NUMBER_DECIMALS decimals; a choice names one of its options; a text has its
 * Romanian whenever it has an English.
 */
export function specificationValueIssue(definition: SpecificationDefinition, value: unknown): ErrorCode | null {
  if (value === null || value === undefined) return null;
  switch (definition.kind) {
    case "number":
      if (
        typeof value !== "number" ||
        !Number.isFinite(value) ||
        Number(value.toFixed(SPECIFICATION_NUMBER_DECIMALS)) !== value
      ) {
        return "INVALID_PRODUCT_SPECIFICATION_NUMBER";
      }
      return Math.abs(value) > SPECIFICATION_NUMBER_MAX ? "PRODUCT_SPECIFICATION_OUT_OF_RANGE" : null;
    case "choice":
      return typeof value === "string" && definition.options.some((option) => option.uuid === value.toLowerCase())
        ? null
        : "UNKNOWN_PRODUCT_SPECIFICATION_OPTION";
    case "yes_no":
      return typeof value === "boolean" ? null : "INVALID_PRODUCT_SPECIFICATION_YES_NO";
    case "text": {
      if (!isTextPair(value) || textIssue(value.ro) || textIssue(value.en ?? ""))
        return "INVALID_PRODUCT_SPECIFICATION_TEXT";
      return normalizeLine(value.ro) === "" && normalizeLine(value.en ?? "") !== ""
        ? "INVALID_PRODUCT_SPECIFICATION_TEXT"
        : null;
    }
  }
}

/**
 * A value that passed specificationValueIssue as it is stored: option ids in lower case, texts on
 * one line with spaces collapsed; null for no value (an empty text pair included).
 */
export function normalizedSpecificationValue(
  definition: SpecificationDefinition,
  value: unknown,
): SpecificationValue | null {
  if (value === null || value === undefined || specificationValueIssue(definition, value) !== null) return null;
  if (definition.kind === "choice" && typeof value === "string") return value.toLowerCase();
  if (definition.kind === "text" && isTextPair(value)) {
    const ro = normalizeLine(value.ro);
    return ro === "" ? null : { ro, en: normalizeLine(value.en ?? "") };
  }
  return typeof value === "number" || typeof value === "boolean" ? value : null;
}

/** What a category update would do to stored values, as the 409 SPECIFICATION_VALUES_AFFECTED lists it. */
export const SPECIFICATION_CHANGES = ["removed", "options_removed", "kind_changed", "unit_changed"] as const;
export type SpecificationChange = (typeof SPECIFICATION_CHANGES)[number];

/** One specification whose values the update removes (or, for a unit, reinterprets), with the machines holding them. */
export const affectedSpecificationSchema = z.object({
  uuid: z.uuid(),
  /** Its stored Romanian name. */
  name: z.string(),
  change: z.enum(SPECIFICATION_CHANGES).meta({
    description:
      "removed: the specification; options_removed: options machines chose; kind_changed: its values are dropped; unit_changed: its numbers are kept, read in the new unit.",
  }),
  products: z.array(z.object({ uuid: z.uuid(), model: z.string() })),
});
export type AffectedSpecification = z.infer<typeof affectedSpecificationSchema>;
