import { Button, Group, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { profileSchema, type Account } from "../../../common/team/team-schemas.ts";
import { api } from "../api/api-client.ts";
import { useSchemaForm } from "../editing/forms.ts";
import { useFormSave } from "../editing/use-form-save.ts";
import { toast } from "../ui/toasts.ts";

/**
 * The person's own name and e-mail (decision 091); the reset by e-mail is mailed to this address, so a
 * new one asks the current password (the field appears once the e-mail differs) and the former
 * address is told by the server.
 */
export function ProfileForm({ account }: { account: Account }) {
  const form = useSchemaForm(profileSchema, { name: account.name, email: account.email, password: "" });
  const emailChanges = form.values.email.trim().toLowerCase() !== form.getInitialValues().email;
  const { submit, pending } = useFormSave(form, async (values) => {
    const saved = await api.put<Account>("/api/me", {
      name: values.name,
      email: values.email,
      ...(emailChanges ? { password: values.password } : {}),
    });
    const stored = { name: saved.name, email: saved.email, password: "" };
    form.setInitialValues(stored);
    form.setValues(stored);
    toast.success("Datele contului au fost salvate.");
  });

  return (
    <Stack component="section" aria-labelledby="profile-data-title">
      <Title order={2} size="h4" id="profile-data-title">
        Datele contului
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Utilizator" value={account.username} readOnly />
          <TextInput label="Nume" autoComplete="name" required {...form.getInputProps("name")} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
          {emailChanges && (
            <PasswordInput
              label="Parola actuala (pentru noul e-mail)"
              description="Schimbarea adresei de e-mail cere parola; vechea adresa primeste un mesaj."
              autoComplete="current-password"
              required
              {...form.getInputProps("password")}
            />
          )}
          <Group>
            {/* Named apart from the password's 'Salvare' below it on the same screen. */}
            <Button type="submit" loading={pending}>
              Salvati datele
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
