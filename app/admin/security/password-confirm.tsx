import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { currentPasswordSchema } from "../../../common/schemas/second-factor.ts";
import { useApiAction } from "../api/use-api-action.ts";
import { refusalMessages, useSchemaForm } from "../editing/forms.ts";

/** Asks the current password before a change to the second factor; a wrong one is shown under the field. */
export function PasswordConfirm({
  action,
  danger = false,
  onConfirmed,
  onCancel,
}: {
  action: string;
  danger?: boolean;
  onConfirmed: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useSchemaForm(currentPasswordSchema, { password: "" });
  const { run, pending } = useApiAction();
  const submit = form.onSubmit((values) =>
    run(
      () => onConfirmed(values.password),
      (error) => form.setErrors(refusalMessages(error)),
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={360}>
        <PasswordInput
          label="Parola actuală"
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps("password")}
        />
        <Group>
          <Button type="submit" color={danger ? "red" : undefined} loading={pending} disabled={!form.isValid()}>
            {action}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Renunțați
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
