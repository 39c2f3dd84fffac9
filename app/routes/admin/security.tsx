import { Stack } from "@mantine/core";
import { useRevalidator } from "react-router";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { SecondFactorPanel } from "../../admin/security/second-factor-panel.tsx";
import { securityApi } from "../../admin/security/security-api.ts";
import { SessionsTable } from "../../admin/security/sessions-table.tsx";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import type { Route } from "./+types/security";

export const meta = () => [{ title: "Securitate — Administrare" }];

export const clientLoader = adminLoader(async () => {
  const [secondFactor, sessions] = await Promise.all([securityApi.state(), securityApi.sessions()]);
  return { secondFactor, sessions };
});

/**
 * /admin/main/securitate (decision 092): the person's second factor and open sessions. It answers
 * before enrolment too: it is where a person Configurare requires to enrol is sent.
 */
export default function Security({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const reload = () => revalidator.revalidate();
  return (
    <Stack maw={760} gap="xl">
      <ScreenTitle>Securitate</ScreenTitle>
      <SecondFactorPanel state={loaderData.secondFactor} onChanged={reload} />
      <SessionsTable sessions={loaderData.sessions} onChanged={reload} />
    </Stack>
  );
}
