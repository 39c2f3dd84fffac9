import { Badge, Button, Stack, Table, Text, Title } from "@mantine/core";
import { useApiAction } from "../api/use-api-action.ts";
import { AdminTable } from "../ui/admin-table.tsx";
import { formatDateTime } from "../ui/date-format.ts";
import { toast } from "../ui/toasts.ts";
import { securityApi, type OpenSession } from "./security-api.ts";

/**
 * The person's open sessions (decision 092): the browser, the address and when it last renewed its
 * tokens; any other one can be ended, or all of them at once. An ended session's next call is refused.
 */
export function SessionsTable({
  sessions,
  onChanged,
}: {
  sessions: readonly OpenSession[];
  onChanged: () => Promise<void>;
}) {
  const { run, pending } = useApiAction();
  const others = sessions.filter((session) => !session.current).length;
  const end = (session: OpenSession) =>
    run(async () => {
      await securityApi.endSession(session.id);
      toast.success("Sesiunea a fost închisă.");
      await onChanged();
    });
  const endOthers = () =>
    run(async () => {
      const { ended } = await securityApi.endOthers();
      toast.success(ended === 1 ? "O sesiune a fost închisă." : `${ended} sesiuni au fost închise.`);
      await onChanged();
    });
  return (
    <Stack component="section" aria-labelledby="sessions-title">
      <Title order={2} size="h4" id="sessions-title">
        Sesiuni deschise
      </Title>
      <AdminTable
        columns={["Browser", "Adresa", "Folosită ultima dată", "Acțiuni"]}
        caption="Sesiuni deschise"
        minWidth={560}
      >
        {sessions.map((session) => (
          <Table.Tr key={session.id}>
            <Table.Td>
              <Text size="sm" title={session.userAgent ?? undefined}>
                {session.browser}
              </Text>
            </Table.Td>
            <Table.Td>{session.address ?? "—"}</Table.Td>
            <Table.Td>{formatDateTime(session.lastUsedAt)}</Table.Td>
            <Table.Td>
              {session.current ? (
                <Badge variant="light">Sesiunea aceasta</Badge>
              ) : (
                <Button
                  size="xs"
                  variant="default"
                  disabled={pending}
                  aria-label={`Închideți sesiunea ${session.browser}, ${session.address ?? "adresă necunoscută"}`}
                  onClick={() => void end(session)}
                >
                  Închideți
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      <div>
        <Button variant="default" onClick={() => void endOthers()} disabled={others === 0} loading={pending}>
          Închideți celelalte sesiuni
        </Button>
      </div>
    </Stack>
  );
}
