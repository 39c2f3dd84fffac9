import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { Link } from "react-router";
import { resetRequestSchema } from "../../../common/schemas/auth.ts";
import { api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { AuthCard } from "../../admin/ui/auth-card.tsx";
import { useSchemaForm } from "../../admin/editing/forms.ts";
import { SUCCESS } from "../../admin/ui/texts.ts";
import { toast } from "../../admin/ui/toasts.ts";
import { usePageLanguage } from "../../i18n/use-language.ts";

export const meta = () => [{ title: "Resetare parola — Administrare" }];

/** Spec §2 /admin/reset: one e-mail field; the server mails a link to /admin/reset/{token}. */
export default function ResetRequest() {
  const lang = usePageLanguage();
  const form = useSchemaForm(resetRequestSchema, { mail: "" });
  const { run, pending } = useApiAction();

  const submit = form.onSubmit((values) =>
    run(async () => {
      await api.post("/api/reset", { mail: values.mail, lang }, { anonymous: true });
      toast.success(SUCCESS.resetMailSent);
      form.reset();
    }),
  );

  return (
    <AuthCard title="Resetare parola">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Introduceti adresa de email a contului. Veti primi un link pentru a alege o parola noua.
          </Text>
          <TextInput
            label="Adresa de email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("mail")}
          />
          <Button type="submit" loading={pending}>
            Trimiteti
          </Button>
          <Anchor component={Link} to="/admin/login" size="sm">
            Inapoi la autentificare
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
