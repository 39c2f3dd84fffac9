import { Anchor, Group, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { changePasswordSchema } from "../../../common/schemas/auth.ts";
import { api } from "../../admin/api/api-client.ts";
import { NewPasswordFields } from "../../admin/passwords/new-password-fields.tsx";
import { saveSession, type TokenPair } from "../../admin/session/token-store.ts";
import { useSchemaForm } from "../../admin/editing/forms.ts";
import { SaveButton } from "../../admin/ui/save-button.tsx";
import { SUCCESS } from "../../admin/ui/texts.ts";
import { toast } from "../../admin/ui/toasts.ts";
import { useFormSave } from "../../admin/editing/use-form-save.ts";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";

export const meta = () => [{ title: "Profil — Administrare" }];

const EMPTY = { oldPassword: "", newPassword: "", confirmPassword: "" };

/**
 * Spec §2 /admin/main/profile: change the password. The server ends every session with the old
 * password and replies with this one's successor, which replaces the stored pair.
 */
export default function Profile() {
  const form = useSchemaForm(changePasswordSchema, EMPTY);
  const { submit, pending } = useFormSave(form, async (values) => {
    saveSession(await api.post<TokenPair>("/api/change", values));
    toast.success(SUCCESS.passwordUpdated);
    form.reset();
  });

  return (
    <Stack maw={480}>
      <ScreenTitle>Profil</ScreenTitle>
      <Title order={2} size="h4">
        Schimbarea parolei
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label="Parola actuala"
            autoComplete="current-password"
            required
            {...form.getInputProps("oldPassword")}
          />
          <NewPasswordFields form={form} />
          <Group>
            <SaveButton pending={pending} />
          </Group>
        </Stack>
      </form>
      <Text>
        Autentificarea în doi pași și sesiunile deschise:{" "}
        <Anchor component={Link} to="/admin/main/securitate">
          Securitate
        </Anchor>
      </Text>
    </Stack>
  );
}
