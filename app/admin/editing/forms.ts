import { schemaResolver, useForm, type FormErrors, type UseFormInput } from "@mantine/form";
import { errorMessage, isErrorCode, type ErrorCode } from "../../../common/errors/error-codes.ts";
import type { ApiError } from "../api/api-client.ts";

type Schema = Parameters<typeof schemaResolver>[0];

/** A schema's issues carry error codes (common/schemas); the form shows their Romanian messages. */
export function codesToMessages(errors: FormErrors): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      isErrorCode(message) ? errorMessage(message, "ro") : message,
    ]),
  );
}

/** The form field each conflict code (a 409) of a save is about, e.g. `{ ERROR_CATEGORY_EXIST: "name" }`. */
export type ConflictFields = Partial<Record<ErrorCode, string>>;

/**
 * A refused save as form errors: the field codes of a 400 (`errors`), and a conflict code (409: the
 * name or model exists already) on the field it is about, so the form shows it next to that field.
 */
export function refusalMessages(error: Pick<ApiError, "codes" | "fields">, conflicts: ConflictFields = {}): FormErrors {
  const fields: Record<string, ErrorCode> = { ...error.fields };
  for (const code of error.codes) {
    const field = conflicts[code];
    if (field) fields[field] = code;
  }
  return codesToMessages(fields);
}

/**
 * A Mantine form validated by the SAME zod schema the API uses (common/schemas): one rule, one
 * message table. Controlled, so `isValid()`, `isDirty()` and `isTouched()` follow every keystroke
 * (submit buttons and the leave guard read them); fields are checked when they lose focus and all
 * of them on submit.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: Schema,
  initialValues: Values,
  options: Omit<UseFormInput<Values>, "validate" | "initialValues" | "mode"> = {},
) {
  const resolve = schemaResolver(schema, { sync: true });
  return useForm<Values>({
    mode: "controlled",
    initialValues,
    validateInputOnBlur: true,
    validate: (values) => codesToMessages(resolve(values)),
    ...options,
  });
}
