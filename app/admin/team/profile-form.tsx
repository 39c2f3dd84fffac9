import { Button, Group, Stack, TextInput, Title } from "@mantine/core";
import { profileSchema, type Account } from "../../../common/team/team-schemas.ts";
import { api } from "../api/api-client.ts";
import { useSchemaForm } from "../editing/forms.ts";
import { useFormSave } from "../editing/use-form-save.ts";
import { toast } from "../ui/toasts.ts";

/** The person's own name and e-mail (decision 091); the reset by e-mail is mailed to this address. */
export function ProfileForm({ account }: { account: Account }) {
  const form = useSchemaForm(profileSchema, { name: account.name, email: account.email });
  const { submit, pending } = useFormSave(form, async (values) => {
    const saved = await api.put<Account>("/api/me", values);
    form.setInitialValues({ name: saved.name, email: saved.email });
    form.setValues({ name: saved.name, email: saved.email });
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
