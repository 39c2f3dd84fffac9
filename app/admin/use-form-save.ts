import type { UseFormReturnType } from "@mantine/form";
import { fieldMessages } from "./forms.ts";
import { useApiAction } from "./use-api-action.ts";

/**
 * The submit of an admin form that saves through the API: `save` runs with the form's values once
 * per submit (useApiAction: a second click while it runs is ignored, `pending` meanwhile), and the
 * field codes of a refused save (a 400's `errors`) are shown next to their fields.
 */
export function useFormSave<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  save: (values: Values) => Promise<void>,
): { submit: ReturnType<UseFormReturnType<Values>["onSubmit"]>; pending: boolean } {
  const { run, pending } = useApiAction();
  const submit = form.onSubmit((values) => run(() => save(values), (error) => form.setErrors(fieldMessages(error.fields))));
  return { submit, pending };
}
