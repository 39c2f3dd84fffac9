import { Anchor, Button, Stack } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { resetVerifySchema } from "../../../common/schemas/auth.ts";
import { api } from "../../admin/api/api-client.ts";
import { NewPasswordFields } from "../../admin/passwords/new-password-fields.tsx";
import { LOGIN_PATH } from "../../admin/session/login-url.ts";
import { AuthCard } from "../../admin/ui/auth-card.tsx";
import { useSchemaForm } from "../../admin/editing/forms.ts";
import { SUCCESS } from "../../admin/ui/texts.ts";
import { toast } from "../../admin/ui/toasts.ts";
import { useFormSave } from "../../admin/editing/use-form-save.ts";
import type { Route } from "./+types/reset-password";

export const meta = () => [{ title: "Parola noua — Administrare" }];

/** Spec §2 /admin/reset/{token}: the e-mailed link; new password and confirmation; success goes to the login. */
export default function ResetPassword({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const form = useSchemaForm(resetVerifySchema, { newPassword: "", confirmPassword: "", token: params.token });
  const { submit, pending } = useFormSave(form, async (values) => {
    await api.post("/api/change/verify", values, { anonymous: true });
    toast.success(SUCCESS.passwordChanged);
    await navigate(LOGIN_PATH, { replace: true });
  });

  return (
    <AuthCard title="Parola noua">
      <form onSubmit={submit} noValidate>
        <Stack>
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
