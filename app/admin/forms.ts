import { schemaResolver, useForm, type FormErrors, type UseFormInput } from "@mantine/form";
import { errorMessage, isErrorCode, type ErrorCode } from "../../common/error-codes.ts";

type Schema = Parameters<typeof schemaResolver>[0];

/** A schema's issues carry error codes (common/schemas); the form shows their Romanian messages. */
export function codesToMessages(errors: FormErrors): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, isErrorCode(message) ? errorMessage(message, "ro") : message]),
  );
}

/** The server's field codes (a 400's `errors`) as form errors. */
export function fieldMessages(fields: Record<string, ErrorCode>): FormErrors {
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
