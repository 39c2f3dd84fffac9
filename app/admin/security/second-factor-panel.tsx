import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useApiAction } from "../api/use-api-action.ts";
import { toast } from "../ui/toasts.ts";
import { EnrolmentForm } from "./enrolment-form.tsx";
import { PasswordConfirm } from "./password-confirm.tsx";
import { RecoveryCodesList } from "./recovery-codes-list.tsx";
import { securityApi, type Enrolment, type SecondFactorState } from "./security-api.ts";

type Step =
  | { kind: "idle" }
  | { kind: "enrolling"; enrolment: Enrolment }
  | { kind: "codes"; codes: string[] }
  | { kind: "password"; for: "renew" | "disable" };

/**
 * The second factor on the Securitate screen (decision 092): turn it on (QR code, first code, the
 * recovery codes shown once), renew the recovery codes or turn it off (each after the password).
 * `onChanged` reloads the screen's data.
 */
export function SecondFactorPanel({ state, onChanged }: { state: SecondFactorState; onChanged: () => Promise<void> }) {
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const { run, pending } = useApiAction();
  const idle = () => setStep({ kind: "idle" });

  const start = () => run(async () => setStep({ kind: "enrolling", enrolment: await securityApi.startEnrolment() }));

  let body;
  if (step.kind === "codes")
    body = (
      <RecoveryCodesList
        codes={step.codes}
        onDone={() => {
          idle();
          void onChanged();
        }}
      />
    );
  else if (step.kind === "enrolling")
    body = (
      <EnrolmentForm
        enrolment={step.enrolment}
        onCancel={idle}
        onConfirmed={(codes) => {
          toast.success("Autentificarea în doi pași este activă.");
          setStep({ kind: "codes", codes });
        }}
      />
    );
  else if (step.kind === "password")
    body = (
      <PasswordConfirm
        action={step.for === "renew" ? "Generați coduri noi" : "Dezactivați"}
        danger={step.for === "disable"}
        onCancel={idle}
        onConfirmed={async (password) => {
          if (step.for === "renew") {
            setStep({ kind: "codes", codes: (await securityApi.renewCodes(password)).recoveryCodes });
            return;
          }
          await securityApi.disable(password);
          toast.success("Autentificarea în doi pași a fost dezactivată.");
          idle();
          await onChanged();
        }}
      />
    );
  else if (state.enabled)
    body = (
      <Stack>
        <Text>
          Activă: după parolă se cere codul din aplicație. Coduri de recuperare rămase: {state.recoveryCodesLeft}.
        </Text>
        <Group>
          <Button variant="default" onClick={() => setStep({ kind: "password", for: "renew" })}>
            Coduri de recuperare noi
          </Button>
          <Button variant="default" color="red" onClick={() => setStep({ kind: "password", for: "disable" })}>
            Dezactivați
          </Button>
        </Group>
      </Stack>
    );
  else
    body = (
      <Stack>
        <Text>Inactivă: contul este apărat doar de parolă.</Text>
        <div>
          <Button onClick={start} loading={pending}>
            Activați autentificarea în doi pași
          </Button>
        </div>
      </Stack>
    );

  return (
    <Stack component="section" aria-labelledby="second-factor-title">
      <Title order={2} size="h4" id="second-factor-title">
        Autentificare în doi pași
      </Title>
      {state.required && !state.enabled && (
        <Alert color="red" title="Obligatorie" role="note">
          Configurarea cere autentificarea în doi pași pentru administratori: activați-o pentru a folosi celelalte
          pagini.
        </Alert>
      )}
      {body}
    </Stack>
  );
}
