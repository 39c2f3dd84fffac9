import { Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { loginSchema } from "../../../common/schemas/auth.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { logIn } from "../../admin/login/auth.ts";
import { CodeStep } from "../../admin/security/code-step.tsx";
import { afterLoginPath } from "../../admin/session/login-url.ts";
import { AuthCard } from "../../admin/ui/auth-card.tsx";
import { useSchemaForm } from "../../admin/editing/forms.ts";
import { SUCCESS } from "../../admin/ui/texts.ts";
import { toast } from "../../admin/ui/toasts.ts";

export const meta = () => [{ title: "Autentificare — Administrare" }];

/**
 * Spec §2 /admin/login: both fields required to enable the button; success returns to the remembered
 * page. An account with a second factor is asked its code next (decision 092).
 */
export default function Login() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const form = useSchemaForm(loginSchema, { username: "", password: "" });
  const { run, pending } = useApiAction();
  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = async () => {
    toast.success(SUCCESS.login);
    await navigate(afterLoginPath(search), { replace: true });
  };
  const submit = form.onSubmit((values) =>
    run(async () => {
      const codeNeeded = await logIn(values.username, values.password);
      if (codeNeeded) setChallenge(codeNeeded.challenge);
      else await signedIn();
    }),
  );

  if (challenge)
    return (
      <AuthCard title="Autentificare în doi pași">
        <CodeStep challenge={challenge} onSignedIn={signedIn} onRestart={() => setChallenge(null)} />
      </AuthCard>
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
