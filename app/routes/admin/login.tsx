import { Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { Link, useNavigate, useSearchParams } from "react-router";
import { loginSchema } from "../../../common/schemas/auth.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { logIn } from "../../admin/login/auth.ts";
import { afterLoginPath } from "../../admin/session/login-url.ts";
import { AuthCard } from "../../admin/ui/auth-card.tsx";
import { useSchemaForm } from "../../admin/editing/forms.ts";
import { SUCCESS } from "../../admin/ui/texts.ts";
import { toast } from "../../admin/ui/toasts.ts";

export const meta = () => [{ title: "Autentificare — Administrare" }];

/** Spec §2 /admin/login: both fields required to enable the button; success returns to the remembered page. */
export default function Login() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const form = useSchemaForm(loginSchema, { username: "", password: "" });
  const { run, pending } = useApiAction();

  const submit = form.onSubmit((values) =>
    run(async () => {
      await logIn(values.username, values.password);
      toast.success(SUCCESS.login);
      await navigate(afterLoginPath(search), { replace: true });
    }),
  );

  return (
    <AuthCard title="Autentificare">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Utilizator" autoComplete="username" required {...form.getInputProps("username")} />
          <PasswordInput label="Parola" autoComplete="current-password" required {...form.getInputProps("password")} />
          <Button type="submit" disabled={!form.isValid()} loading={pending}>
            Autentificare
          </Button>
          <Anchor component={Link} to="/admin/reset" size="sm">
            Ati uitat parola?
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
