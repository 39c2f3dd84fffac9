import { Anchor, Group, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import type { Account } from "../../../common/team/team-schemas.ts";
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
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { ProfileForm } from "../../admin/team/profile-form.tsx";
import type { Route } from "./+types/profile";

export const meta = () => [{ title: "Profil — Administrare" }];

const EMPTY = { oldPassword: "", newPassword: "", confirmPassword: "" };

export const clientLoader = adminLoader(() => api.get<Account>("/api/me"));

/**
 * Spec §2 /admin/main/profile: each person's name and e-mail (decision 091), and the password. A password
 * change ends every session with the old password and replies with this one's successor, which replaces
 * the stored pair.
 */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const form = useSchemaForm(changePasswordSchema, EMPTY);
  const { submit, pending } = useFormSave(form, async (values) => {
    saveSession(await api.post<TokenPair>("/api/change", values));
    toast.success(SUCCESS.passwordUpdated);
    form.reset();
  });

  return (
    <Stack maw={480}>
      <ScreenTitle>Profil</ScreenTitle>
      <ProfileForm account={loaderData} />
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
