import { Anchor, Button, Stack, Text } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { invitationAcceptSchema } from "../../../common/team/team-schemas.ts";
import { api } from "../../admin/api/api-client.ts";
import { useSchemaForm } from "../../admin/editing/forms.ts";
import { useFormSave } from "../../admin/editing/use-form-save.ts";
import { NewPasswordFields } from "../../admin/passwords/new-password-fields.tsx";
import { LOGIN_PATH } from "../../admin/session/login-url.ts";
import { AuthCard } from "../../admin/ui/auth-card.tsx";
import { toast } from "../../admin/ui/toasts.ts";
import type { Route } from "./+types/invitation";

export const meta = () => [{ title: "Invitatie — Administrare" }];

/** /admin/invitatie/{token} (decision 091): the invitation's link; the first password, then the login. */
export default function Invitation({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const form = useSchemaForm(invitationAcceptSchema, { newPassword: "", confirmPassword: "", token: params.token });
  const { submit, pending } = useFormSave(form, async (values) => {
    await api.post("/api/invitation/accept", values, { anonymous: true });
    toast.success("Parola a fost aleasa. Autentificati-va cu numele de utilizator din invitatie.");
    await navigate(LOGIN_PATH, { replace: true });
  });

  return (
    <AuthCard title="Bun venit in echipa">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Alegeti parola contului dumneavoastra. Linkul poate fi folosit o singura data.</Text>
          <NewPasswordFields form={form} />
          <Button type="submit" loading={pending}>
            Salvati parola
          </Button>
          <Anchor component={Link} to={LOGIN_PATH} size="sm">
            Inapoi la autentificare
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
