import type { ErrorCode } from "../../../common/errors/error-codes.ts";
import { z } from "../../../common/zod.ts";
import { specificationValueIssue } from "../../../common/specifications/specification-input.ts";
import type {
  SpecificationValue,
  SpecificationValues,
  SpecificationView,
} from "../../../common/specifications/specification-schema.ts";
import { readDecimal, writeDecimal } from "./decimal-input.ts";

/**
 * A machine's specification values in the product form: each held as its field holds it (a number
 * as the text typed, a choice as the option's uuid or "" for none, yes/no as the box's state, null
 * while never given, a text as its two languages), turned into the API's values on save, and carried over when the
 * machine moves to another category.
 */

export type SpecificationField = string | boolean | null | { ro: string; en: string };
/** The fields by specification uuid, for the specifications of the category chosen in the form. */
export type SpecificationFields = Record<string, SpecificationField>;

const specificationFieldSchema = z.union([
  z.string(),
  z.boolean(),
  z.null(),
  z.object({ ro: z.string(), en: z.string() }),
]);

/** The field of `specification` showing `value` (absent: an empty field; yes/no: neither). */
export function fieldOf(specification: SpecificationView, value: SpecificationValue | undefined): SpecificationField {
  switch (specification.kind) {
    case "number":
      return typeof value === "number" ? writeDecimal(value) : "";
    case "choice":
      return typeof value === "string" && specification.options.some((option) => option.uuid === value) ? value : "";
    case "yes_no":
      return typeof value === "boolean" ? value : null;
    case "text":
      return typeof value === "object" ? { ro: value.ro, en: value.en } : { ro: "", en: "" };
  }
}

export function fieldsOf(
  specifications: readonly SpecificationView[],
  values: SpecificationValues,
): SpecificationFields {
  return Object.fromEntries(
    specifications.map((specification) => [specification.uuid, fieldOf(specification, values[specification.uuid])]),
  );
}

/**
 * What a field says: no value (null), a value for the API, or a number that cannot be read
 * (`unreadable`, with whether it is the ambiguous `22.500`). The value's own rules (range,
 * decimals, option, length) are the shared rule's, checked on the result.
 */
export type FieldReading =
  { kind: "none" } | { kind: "value"; value: SpecificationValue } | { kind: "unreadable"; ambiguous: boolean };

export function readField(specification: SpecificationView, field: SpecificationField | undefined): FieldReading {
  if (field === undefined || field === null) return { kind: "none" };
  switch (specification.kind) {
    case "number": {
      const reading = readDecimal(typeof field === "string" ? field : "");
      if (reading.kind === "empty") return { kind: "none" };
      if (reading.kind === "number") return { kind: "value", value: reading.value };
      return { kind: "unreadable", ambiguous: reading.kind === "ambiguous" };
    }
    case "choice":
      return typeof field === "string" && field !== "" ? { kind: "value", value: field } : { kind: "none" };
    case "yes_no":
      return typeof field === "boolean" ? { kind: "value", value: field } : { kind: "none" };
    case "text": {
      const text = typeof field === "object" ? { ro: field.ro.trim(), en: field.en.trim() } : { ro: "", en: "" };
      // The English alone is a value the shared rule refuses (pages would have no Romanian), not nothing.
      return text.ro === "" && text.en === "" ? { kind: "none" } : { kind: "value", value: text };
    }
  }
}

/**
 * What is wrong with a field, as the message the form shows beside it: the shared rule's code
 * (common/specifications/specification-input.ts), or `ambiguousNumber` for `22.500`.
 */
export function fieldIssue(
  specification: SpecificationView,
  field: SpecificationField | undefined,
  ambiguousNumber: string,
): ErrorCode | string | null {
  const reading = readField(specification, field);
  if (reading.kind === "none") return null;
  if (reading.kind === "unreadable")
    return reading.ambiguous ? ambiguousNumber : "INVALID_PRODUCT_SPECIFICATION_NUMBER";
  return specificationValueIssue(specification, reading.value);
}

/** The values the form sends for the chosen category's specifications (readable fields only). */
export function valuesOf(
  specifications: readonly SpecificationView[],
  fields: SpecificationFields,
): SpecificationValues {
  const values: SpecificationValues = {};
  for (const specification of specifications) {
    const reading = readField(specification, fields[specification.uuid]);
    if (reading.kind === "value") values[specification.uuid] = reading.value;
  }
  return values;
}

/**
 * The form's `specifications` field checked by the shared rule, each field against its definition
 * (found by uuid among every category's: the form holds the chosen category's alone), each issue at
 * `specifications.<uuid>` where the server puts its own.
 */
export function specificationFieldsSchema(definitions: readonly SpecificationView[], ambiguousNumber: string) {
  const byUuid = new Map(definitions.map((definition) => [definition.uuid, definition]));
  return z.record(z.string(), specificationFieldSchema).superRefine((fields, context) => {
    for (const [uuid, field] of Object.entries(fields)) {
      const definition = byUuid.get(uuid);
      const issue = definition ? fieldIssue(definition, field, ambiguousNumber) : null;
      if (issue !== null) context.addIssue({ code: "custom", message: issue, path: [uuid], input: field });
    }
  });
}
