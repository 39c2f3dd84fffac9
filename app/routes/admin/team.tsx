import { Badge, Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import { useRevalidator } from "react-router";
import { isRole, ROLE_LABELS } from "../../../common/team/roles.ts";
import type { TeamMember } from "../../../common/team/team-schemas.ts";
import { api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { InviteForm } from "../../admin/team/invite-form.tsx";
import { ROLE_OPTIONS } from "../../admin/team/role-options.ts";
import { AdminTable } from "../../admin/ui/admin-table.tsx";
import { confirm } from "../../admin/ui/confirm.ts";
import { formatDateTime } from "../../admin/ui/date-format.ts";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import { toast } from "../../admin/ui/toasts.ts";
import type { Route } from "./+types/team";

export const meta = () => [{ title: "Echipa — Administrare" }];

export const clientLoader = adminLoader(() => api.get<{ users: TeamMember[] }>("/api/users"));

function State({ member }: { member: TeamMember }) {
  if (!member.active) return <Badge color="gray">Dezactivat</Badge>;
  if (member.invited) return <Badge color="blue">Invitat</Badge>;
  return <Badge color="teal">Activ</Badge>;
}

/**
 * /admin/main/echipa (decision 091, administrators only): each person with their name, user name,
 * e-mail, role and state; the role changed in place, an account deactivated (its sessions end) or
 * reactivated; a person invited by e-mail. Names are shown as text, whatever they hold.
 */
export default function Team({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { run, pending } = useApiAction();
  const reload = async () => {
    await revalidator.revalidate();
  };

  const changeRole = (member: TeamMember, role: string | null) => {
    if (!isRole(role) || role === member.role) return;
    void run(async () => {
      await api.put(`/api/users/${member.id}`, { role });
      toast.success(`${member.name} are acum rolul ${ROLE_LABELS[role]}.`);
      await reload();
    });
  };

  const deactivate = async (member: TeamMember) => {
    const confirmed = await confirm({
      title: "Dezactivare cont",
      message: `Dezactivati contul lui ${member.name}? Sesiunile lui se inchid imediat; intrarile din Jurnal raman.`,
      danger: true,
    });
    if (!confirmed) return;
    await run(async () => {
      await api.post(`/api/users/${member.id}/deactivate`, {});
      toast.success(`Contul lui ${member.name} a fost dezactivat.`);
      await reload();
    });
  };

  const reactivate = (member: TeamMember) =>
    run(async () => {
      await api.post(`/api/users/${member.id}/reactivate`, {});
      toast.success(`Contul lui ${member.name} a fost reactivat.`);
      await reload();
    });

  return (
    <Stack>
      <ScreenTitle>Echipa</ScreenTitle>
      <Text size="sm">
        Administrator: tot, inclusiv echipa si Configurare. Vânzări: cererile, rezervarile si planificarea; citeste
        catalogul. Catalog: categoriile, utilajele, pozele banner, importul, Cosul si istoricul; fara datele clientilor.
      </Text>
      <AdminTable
        columns={["Nume", "Utilizator", "Email", "Rol", "Stare", "Adaugat la", "Actiuni"]}
        caption="Conturile echipei"
        minWidth={900}
      >
        {loaderData.users.map((member) => (
          <Table.Tr key={member.id}>
            <Table.Th scope="row" fw={400}>
              {member.name}
            </Table.Th>
            <Table.Td>{member.username}</Table.Td>
            <Table.Td>{member.email}</Table.Td>
            <Table.Td>
              <Select
                aria-label={`Rolul lui ${member.name}`}
                data={ROLE_OPTIONS}
                value={member.role}
                allowDeselect={false}
                disabled={pending}
                onChange={(role) => changeRole(member, role)}
                w={160}
              />
            </Table.Td>
            <Table.Td>
              <State member={member} />
            </Table.Td>
            <Table.Td>
              <time dateTime={member.createdAt}>{formatDateTime(member.createdAt)}</time>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {member.active ? (
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => void deactivate(member)}
                    disabled={pending}
                  >
                    Dezactivati
                  </Button>
                ) : (
                  <Button size="xs" variant="default" onClick={() => void reactivate(member)} disabled={pending}>
                    Reactivati
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      <InviteForm onInvited={reload} />
    </Stack>
  );
}
