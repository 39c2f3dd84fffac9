import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { recoveryCodeSchema, secondFactorCodeSchema } from "../../../common/schemas/second-factor.ts";
import { useApiAction } from "../api/use-api-action.ts";
import { useSchemaForm } from "../editing/forms.ts";
import { logInWithCode } from "../login/auth.ts";

/**
 * The login's second step (decision 092): the six-digit code of the authenticator app (the browser
 * and password managers fill it: `one-time-code`), or one of the recovery codes. `onSignedIn` runs
 * once the tokens are stored; an expired or used challenge (its message shown) goes back to the
 * password with `onRestart`.
 */
export function CodeStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: () => Promise<void>;
  onRestart: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const codeForm = useSchemaForm(secondFactorCodeSchema, { code: "" });
  const recoveryForm = useSchemaForm(recoveryCodeSchema, { recoveryCode: "" });
  const { run, pending } = useApiAction();

  const answer = (values: { code: string } | { recoveryCode: string }) =>
    run(
      async () => {
        await logInWithCode(challenge, values);
        await onSignedIn();
      },
      (error) => {
        if (error.codes.includes("SECOND_FACTOR_CHALLENGE_INVALID")) onRestart();
      },
    );
  const submitCode = codeForm.onSubmit(answer);
  const submitRecovery = recoveryForm.onSubmit(answer);

  if (recovery)
    return (
      <form onSubmit={submitRecovery} noValidate>
        <Stack>
          <Text size="sm">
            Introduceți unul dintre codurile de recuperare salvate la activare. Fiecare merge o singură dată.
          </Text>
          <TextInput
            label="Cod de recuperare"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            data-autofocus
            {...recoveryForm.getInputProps("recoveryCode")}
          />
          <Button type="submit" disabled={!recoveryForm.isValid()} loading={pending}>
            Autentificare
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => setRecovery(false)}>
            Folosiți codul din aplicație
          </Anchor>
        </Stack>
      </form>
    );
  return (
    <form onSubmit={submitCode} noValidate>
      <Stack>
        <Text size="sm">Introduceți codul de 6 cifre din aplicația de autentificare.</Text>
        <TextInput
          label="Cod"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          data-autofocus
          {...codeForm.getInputProps("code")}
        />
        <Button type="submit" disabled={!codeForm.isValid()} loading={pending}>
          Autentificare
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => setRecovery(true)}>
          Folosiți un cod de recuperare
        </Anchor>
      </Stack>
    </form>
  );
}
