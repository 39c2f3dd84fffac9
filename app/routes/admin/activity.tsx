import { Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconDownload, IconFilter } from "@tabler/icons-react";
import type { FormEvent } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_KINDS,
  ACTIVITY_KIND_LABELS,
  ACTIVITY_MAX_OFFSET,
  ACTIVITY_PAGE_SIZE,
  type ActivityAction,
  type ActivityKind,
  type ActivityPage,
} from "../../../common/activity/activity-schemas.ts";
import { activityFilterOf, activityQueryString, readActivityQuery } from "../../admin/activity/activity-query.ts";
import { itemLink } from "../../admin/activity/item-link.ts";
import { api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { formatDateTime } from "../../admin/ui/date-format.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { saveFile } from "../../admin/ui/download-file.ts";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import { UndoImportButton } from "../../admin/revisions/undo-import-button.tsx";
import type { Route } from "./+types/activity";
import { AdminTable } from "../../admin/ui/admin-table.tsx";

export const meta = () => [{ title: "Jurnal — Administrare" }];

export const clientLoader = adminLoader(async ({ request }) => {
  const query = readActivityQuery(new URL(request.url).searchParams);
  return { query, page: await api.get<ActivityPage>(`/api/activity${activityQueryString(query)}`) };
});

const ANY = "";
const actionLabel = (action: string) =>
  Object.hasOwn(ACTIVITY_ACTION_LABELS, action) ? ACTIVITY_ACTION_LABELS[action as ActivityAction] : action;
const kindLabel = (kind: string) =>
  Object.hasOwn(ACTIVITY_KIND_LABELS, kind) ? ACTIVITY_KIND_LABELS[kind as ActivityKind] : kind;

/**
 * /admin/main/jurnal, the activity log (decision 073): who did what and when, newest first, 50 a
 * page; filters by action, kind of item, user and days in the address, the item linked
 * while it exists, and the CSV of what the filter matches.
 */
export default function Activity({ loaderData }: Route.ComponentProps) {
  const { query, page } = loaderData;
  const { run, pending } = useApiAction();
  const revalidator = useRevalidator();
  const filter = activityFilterOf(query);
  const exportCsv = () =>
    run(async () => {
      const { blob, fileName } = await api.download(`/api/activity/export${activityQueryString(filter)}`);
      saveFile(blob, fileName ?? "jurnal.csv");
    });
  const next = page.offset + page.items.length;
  const navigate = useNavigate();
  // The filter's answer is a new address without its empty parts, so the back button and a reload keep it.
  const applyFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) fields.set(key, String(value));
    void navigate(activityQueryString(readActivityQuery(fields)) || ".");
  };

  return (
    <Stack>
      <Group justify="space-between">
        <ScreenTitle>Jurnal</ScreenTitle>
        <Button
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          onClick={() => void exportCsv()}
          loading={pending}
          disabled={page.items.length === 0}
        >
          Export CSV
        </Button>
      </Group>
      <Text size="sm">
        Ce au facut administratorii: autentificari, schimbari de parola, adaugari, modificari si stergeri. Intrarile se
        pastreaza un an.
      </Text>

      {/* A new address re-mounts the form, so its fields show the filter of the page shown (back button too). */}
      <form onSubmit={applyFilter} key={activityQueryString(filter)} aria-label="Filtrul jurnalului">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
          <NativeSelect
            label="Actiune"
            name="action"
            defaultValue={filter.action ?? ANY}
            data={[
              { value: ANY, label: "Toate" },
              ...ACTIVITY_ACTIONS.map((value) => ({ value, label: actionLabel(value) })),
            ]}
          />
          <NativeSelect
            label="Tip"
            name="kind"
            defaultValue={filter.kind ?? ANY}
            data={[
              { value: ANY, label: "Toate" },
              ...ACTIVITY_KINDS.map((value) => ({ value, label: kindLabel(value) })),
            ]}
          />
          <NativeSelect
            label="Utilizator"
            name="user"
            defaultValue={filter.user ?? ANY}
            data={[{ value: ANY, label: "Toti" }, ...page.users.map((user) => ({ value: user.id, label: user.name }))]}
          />
          <TextInput label="De la data" name="from" type="date" defaultValue={filter.from ?? ""} />
          <TextInput label="Pana la data" name="to" type="date" defaultValue={filter.to ?? ""} />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" leftSection={<IconFilter size={18} aria-hidden="true" />}>
            Filtrati
          </Button>
          {Object.keys(filter).length > 0 && (
            <Anchor component={Link} to=".">
              Toate intrarile
            </Anchor>
          )}
        </Group>
      </form>

      <Text role="status" size="sm">
        {page.items.length === 0
          ? "Nicio intrare in jurnal pentru acest filtru."
          : `Intrarile ${page.offset + 1}–${next}${page.hasMore ? ", urmeaza altele mai vechi" : ""}`}
      </Text>

      {page.items.length > 0 && (
        <AdminTable
          columns={["Data", "Utilizator", "Adresa", "Actiune", "Element", "Rezumat"]}
          caption="Jurnalul, cele mai noi intrari primele"
          minWidth={900}
        >
          {page.items.map((entry) => {
            const link = itemLink(entry);
            return (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </Table.Td>
                <Table.Td>{entry.userName}</Table.Td>
                <Table.Td>{entry.address}</Table.Td>
                <Table.Td>{actionLabel(entry.action)}</Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed" component="span" display="block">
                    {kindLabel(entry.kind)}
                  </Text>
                  {link ? (
                    <Anchor component={Link} to={link}>
                      {entry.itemName}
                    </Anchor>
                  ) : (
                    entry.itemName
                  )}
                </Table.Td>
                <Table.Td>
                  {entry.summary}
                  {entry.action === "import" && (
                    <UndoImportButton importId={entry.id} onUndone={() => revalidator.revalidate()} />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </AdminTable>
      )}

      {(page.offset > 0 || page.hasMore) && (
        <Group component="nav" aria-label="Paginile jurnalului" gap="md">
          {page.offset > 0 && (
            <Anchor
              component={Link}
              to={activityQueryString({ ...filter, offset: Math.max(0, page.offset - ACTIVITY_PAGE_SIZE) }) || "."}
            >
              Intrari mai noi
            </Anchor>
          )}
          {page.hasMore && next <= ACTIVITY_MAX_OFFSET && (
            <Anchor component={Link} to={activityQueryString({ ...filter, offset: next })}>
              Intrari mai vechi
            </Anchor>
          )}
          {page.hasMore && next > ACTIVITY_MAX_OFFSET && (
            <Text size="sm">Pentru intrari mai vechi, restrangeti filtrul (de exemplu la cateva zile).</Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
