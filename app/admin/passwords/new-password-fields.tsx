import { PasswordInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { PasswordStrengthMeter } from "./password-strength-meter.tsx";

interface NewPasswordValues extends Record<string, unknown> {
  newPassword: string;
  confirmPassword: string;
}

/** New password with its strength meter, and its confirmation: shared by the reset and profile screens. */
export function NewPasswordFields<Values extends NewPasswordValues>({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <div>
        <PasswordInput
          label="Parola noua"
          autoComplete="new-password"
          required
          {...form.getInputProps("newPassword")}
        />
        <PasswordStrengthMeter password={form.values.newPassword} />
      </div>
      <PasswordInput
        label="Confirmarea parolei"
        autoComplete="new-password"
        required
        {...form.getInputProps("confirmPassword")}
      />
    </>
  );
}
