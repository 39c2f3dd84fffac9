import type { UseFormReturnType } from "@mantine/form";
import { useApiAction } from "../api/use-api-action.ts";
import { refusalMessages, type ConflictFields } from "./forms.ts";

/**
 * The submit of an admin form that saves through the API: `save` runs with the form's values once
 * per submit (useApiAction: a second click while it runs is ignored, `pending` meanwhile), and the
 * codes of a refused save are shown next to their fields: a 400's field codes, and the `conflicts`
 * (409) the form names a field for.
 */
export function useFormSave<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  save: (values: Values) => Promise<void>,
  conflicts?: ConflictFields,
): { submit: ReturnType<UseFormReturnType<Values>["onSubmit"]>; pending: boolean } {
  const { run, pending } = useApiAction();
  const submit = form.onSubmit((values) =>
    run(
      () => save(values),
      (error) => form.setErrors(refusalMessages(error, conflicts)),
    ),
  );
  return { submit, pending };
}
