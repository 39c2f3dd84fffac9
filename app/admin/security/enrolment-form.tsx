import { Button, Code, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import { secondFactorCodeSchema } from "../../../common/schemas/second-factor.ts";
import { useApiAction } from "../api/use-api-action.ts";
import { refusalMessages, useSchemaForm } from "../editing/forms.ts";
import { securityApi, type Enrolment } from "./security-api.ts";

/**
 * Enrolment's second half: the QR code and the same secret as text (for an app on this computer or
 * typed by hand), then the app's first code, which turns the factor on and yields the recovery codes.
 */
export function EnrolmentForm({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm(secondFactorCodeSchema, { code: "" });
  const { run, pending } = useApiAction();
  const submit = form.onSubmit((values) =>
    run(
      async () => onConfirmed((await securityApi.confirm(values.code)).recoveryCodes),
      (error) => form.setErrors(refusalMessages(error)),
    ),
  );
  return (
    <Stack>
      <Text>
        1. Scanați codul QR cu aplicația de autentificare (Google Authenticator, Microsoft Authenticator, 2FAS, un
        manager de parole…).
      </Text>
      <Image
        src={enrolment.qrCode}
        alt="Cod QR pentru aplicația de autentificare"
        w={200}
        h={200}
        style={{ imageRendering: "pixelated" }}
      />
      <Text>
        Sau introduceți cheia de mână: <Code data-testid="totp-secret">{enrolment.secret}</Code>
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack maw={360}>
          <TextInput
            label="2. Codul de 6 cifre afișat de aplicație"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            required
            {...form.getInputProps("code")}
          />
          <Group>
            <Button type="submit" loading={pending} disabled={!form.isValid()}>
              Confirmați
            </Button>
            <Button variant="default" onClick={onCancel}>
              Renunțați
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
