import { Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { IconDownload, IconSearch } from "@tabler/icons-react";
import { type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { LEAD_SEARCH_MAX_LENGTH, LEAD_STATUSES, type LeadPage } from "../../../common/schemas/leads.ts";
import { api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { saveFile } from "../../admin/leads/download-file.ts";
import { DELIVERY_LABELS, STATUS_LABELS, formatDateTime, leadName } from "../../admin/leads/lead-labels.ts";
import { leadQueryString, readLeadQuery } from "../../admin/leads/lead-query.ts";
import { adminLoader } from "../../admin/session/admin-loader.ts";
import type { Route } from "./+types/leads";

export const meta = () => [{ title: "Cereri oferta — Administrare" }];

/** The page of requests the address asks for (?q=&status=&page=), preloaded (spec §2). */
export const clientLoader = adminLoader(async ({ request }) => {
  const query = readLeadQuery(new URL(request.url).searchParams);
  const page = await api.get<LeadPage>(`/api/contact/requests${leadQueryString(query)}`);
  return { query, page };
});

/**
 * /admin/main/leads: the leads inbox ('Cereri oferta', docs/decisions.md § 31), newest first, a
 * search over name, e-mail, phone and city, a status filter, pages, and the CSV export of what the
 * filter matches.
 */
export default function Leads({ loaderData }: Route.ComponentProps) {
  const { query, page } = loaderData;
  const { run, pending } = useApiAction();
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const filtered = Boolean(query.q || query.status);
  const navigate = useNavigate();

  // The filter's answer is a new address (without its empty parts), so the back button and a reload keep it.
  const applyFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const filter = readLeadQuery(new URLSearchParams({ q: String(fields.get("q") ?? ""), status: String(fields.get("status") ?? "") }));
    void navigate(leadQueryString({ q: filter.q, status: filter.status, pageSize: query.pageSize }) || ".");
  };

  const exportCsv = () =>
    run(async () => {
      const { blob, fileName } = await api.download(`/api/contact/requests/export${leadQueryString({ q: query.q, status: query.status })}`);
      saveFile(blob, fileName ?? "cereri-oferta.csv");
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2" tabIndex={-1}>
          Cereri oferta
        </Title>
        <Button leftSection={<IconDownload size={18} aria-hidden="true" />} onClick={() => void exportCsv()} loading={pending} disabled={page.total === 0}>
          Export CSV
        </Button>
      </Group>

      {/* A new address re-mounts the form, so its fields show the filter of the page shown (back button too). */}
      <form role="search" aria-label="Cautare cereri" key={leadQueryString(query)} onSubmit={applyFilter}>
        <Group align="flex-end" gap="md">
          <TextInput
            name="q"
            type="search"
            label="Cautare"
            description="Nume, e-mail, telefon sau localitate"
            defaultValue={query.q ?? ""}
            maxLength={LEAD_SEARCH_MAX_LENGTH}
            w={320}
          />
          <NativeSelect
            name="status"
            label="Stare"
            defaultValue={query.status ?? ""}
            data={[{ value: "", label: "Toate" }, ...LEAD_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status].label }))]}
          />
          <Button type="submit" variant="default" leftSection={<IconSearch size={18} aria-hidden="true" />}>
            Cautati
          </Button>
          {filtered && (
            <Anchor component={Link} to="." size="sm">
              Toate cererile
            </Anchor>
          )}
        </Group>
      </form>

      <Text role="status" size="sm">
        {page.total === 0
          ? filtered
            ? "Nicio cerere nu corespunde cautarii."
            : "Nu exista cereri."
          : `${page.total} ${page.total === 1 ? "cerere" : "cereri"}${pages > 1 ? `, pagina ${page.page} din ${pages}` : ""}`}
      </Text>

      {page.items.length > 0 && (
        <Table striped highlightOnHover>
          <VisuallyHidden component="caption">Cereri oferta, cele mai noi primele</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Primita</Table.Th>
              <Table.Th scope="col">Nume</Table.Th>
              <Table.Th scope="col">Contact</Table.Th>
              <Table.Th scope="col">Localitate</Table.Th>
              <Table.Th scope="col">Stare</Table.Th>
              <Table.Th scope="col">E-mail catre firma</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.items.map((lead) => (
              <Table.Tr key={lead.id}>
                <Table.Td>
                  <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={lead.id} fw={lead.status === "nou" ? 700 : undefined}>
                    {leadName(lead)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    {lead.email && <Text size="sm">{lead.email}</Text>}
                    {lead.phone && <Text size="sm">{lead.phone}</Text>}
                  </Stack>
                </Table.Td>
                <Table.Td>{lead.city}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_LABELS[lead.status].color}>{STATUS_LABELS[lead.status].label}</Badge>
                </Table.Td>
                <Table.Td>
                  {lead.delivery && <Badge color={DELIVERY_LABELS[lead.delivery.state].color}>{DELIVERY_LABELS[lead.delivery.state].label}</Badge>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      {pages > 1 && (
        <Group component="nav" aria-label="Paginile listei" gap="md">
          {page.page > 1 && (
            <Anchor component={Link} to={leadQueryString({ ...query, page: page.page - 1 }) || "."}>
              Pagina anterioara
            </Anchor>
          )}
          {page.page < pages && (
            <Anchor component={Link} to={leadQueryString({ ...query, page: page.page + 1 })}>
              Pagina urmatoare
            </Anchor>
          )}
        </Group>
      )}
    </Stack>
  );
}
