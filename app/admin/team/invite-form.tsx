import { Button, Group, Select, Stack, TextInput, Title } from "@mantine/core";
import type { Role } from "../../../common/team/roles.ts";
import { inviteSchema } from "../../../common/team/team-schemas.ts";
import { api } from "../api/api-client.ts";
import { useSchemaForm } from "../editing/forms.ts";
import { useFormSave } from "../editing/use-form-save.ts";
import { toast } from "../ui/toasts.ts";
import { ROLE_OPTIONS } from "./role-options.ts";

const EMPTY = { name: "", username: "", email: "", role: "vanzari" as Role };

/** 'Invitati o persoana': the account is made, and the outbox mails the link to choose a password. */
export function InviteForm({ onInvited }: { onInvited: () => Promise<void> }) {
  const form = useSchemaForm(inviteSchema, EMPTY);
  const { submit, pending } = useFormSave(form, async (values) => {
    await api.post("/api/users", values);
    toast.success(`Invitatia a fost trimisa pe adresa ${values.email}.`);
    form.reset();
    await onInvited();
  });

  return (
    <Stack maw={480} component="section" aria-labelledby="invite-title">
      <Title order={2} size="h4" id="invite-title">
        Invitati o persoana
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Nume" autoComplete="off" required {...form.getInputProps("name")} />
          <TextInput label="Utilizator" autoComplete="off" required {...form.getInputProps("username")} />
          <TextInput label="Email" type="email" autoComplete="off" required {...form.getInputProps("email")} />
          <Select label="Rol" data={ROLE_OPTIONS} allowDeselect={false} required {...form.getInputProps("role")} />
          <Group>
            <Button type="submit" loading={pending}>
              Trimiteti invitatia
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
