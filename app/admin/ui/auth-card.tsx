import { Center, Paper, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The centred card of the pages before the login: login, forgotten password, new password. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.1">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Title order={1} size="h2" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </Center>
  );
}
