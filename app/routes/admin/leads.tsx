import { Anchor, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import type { CategoryView, ProductView } from "../../../common/catalogue/catalogue-views.ts";
import type {
  LeadWithOfferFilter as LeadFilter,
  LeadWithOfferPage as LeadPage,
} from "../../../common/offers/lead-offers.ts";
import { OfferStateBadge } from "../../admin/offers/offer-state-badge.tsx";
import { api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { saveFile } from "../../admin/ui/download-file.ts";
import { LeadFilterForm } from "../../admin/leads/lead-filter-form.tsx";
import { DELIVERY_LABELS, STATUS_LABELS, leadName } from "../../admin/leads/lead-labels.ts";
import { formatDateTime } from "../../admin/ui/date-format.ts";
import { isFiltered, leadFilterOf, leadQueryString, readLeadQuery } from "../../admin/leads/lead-query.ts";
import { MachinesSummary } from "../../admin/leads/machines-summary.tsx";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import type { Route } from "./+types/leads";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import { AdminTable } from "../../admin/ui/admin-table.tsx";
import { OfferConflictBadge } from "../../admin/leads/offer-conflict.tsx";

export const meta = () => [{ title: "Cereri oferta — Administrare" }];

/**
 * The page of requests the address asks for (?q=&status=&product=…&page=), preloaded (spec §2),
 * with the catalogue its filter offers.
 */
export const clientLoader = adminLoader(async ({ request }) => {
  const query = readLeadQuery(new URL(request.url).searchParams);
  const [page, products, categories] = await Promise.all([
    api.get<LeadPage>(`/api/contact/requests${leadQueryString(query)}`),
    api.get<ProductView[]>("/api/product"),
    api.get<CategoryView[]>("/api/category"),
  ]);
  return { query, page, products, categories };
});

/**
 * /admin/main/leads: the leads inbox ('Cereri oferta',
 * docs/decisions/031-the-leads-inbox-a-folded-search-column-erasure.md), newest first, with each request's machines; a
 * search over name, e-mail, phone and city, filters by status, machine, category, wished start, day received and the
 * state of its newest offer (decision 096); pages,
 * and the CSV export of what the filter matches.
 */
export default function Leads({ loaderData }: Route.ComponentProps) {
  const { query, page, products, categories } = loaderData;
  const { run, pending } = useApiAction();
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const filter = leadFilterOf(query);
  const filtered = isFiltered(query);
  const navigate = useNavigate();

  // The filter's answer is a new address (without its empty parts), so the back button and a reload keep it.
  const applyFilter = (next: LeadFilter) =>
    void navigate(leadQueryString({ ...next, pageSize: query.pageSize }) || ".");

  const exportCsv = () =>
    run(async () => {
      const { blob, fileName } = await api.download(`/api/contact/requests/export${leadQueryString(filter)}`);
      saveFile(blob, fileName ?? "cereri-oferta.csv");
    });

  return (
    <Stack>
      <Group justify="space-between">
        <ScreenTitle>Cereri oferta</ScreenTitle>
        <Button
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          onClick={() => void exportCsv()}
          loading={pending}
          disabled={page.total === 0}
        >
          Export CSV
        </Button>
      </Group>

      {/* A new address re-mounts the form, so its fields show the filter of the page shown (back button too). */}
      <LeadFilterForm
        key={leadQueryString(filter)}
        filter={filter}
        products={products}
        categories={categories}
        listed={page.items.flatMap((lead) => lead.items)}
        onApply={applyFilter}
      />

      <Text role="status" size="sm">
        {page.total === 0
          ? filtered
            ? "Nicio cerere nu corespunde cautarii."
            : "Nu exista cereri."
          : `${page.total} ${page.total === 1 ? "cerere" : "cereri"}${pages > 1 ? `, pagina ${page.page} din ${pages}` : ""}`}
      </Text>

      {page.items.length > 0 && (
        // A phone scrolls the list sideways rather than squeezing its columns.
        <AdminTable
          columns={["Primita", "Nume", "Contact", "Localitate", "Utilaje", "Stare", "Ofertă", "E-mail catre firma"]}
          caption="Cereri oferta, cele mai noi primele"
          minWidth={1000}
        >
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
                <MachinesSummary items={lead.items} />
              </Table.Td>
              {/* A badge keeps its whole word: the table's automatic layout would cut it to 'N…'. */}
              <Table.Td>
                <Stack gap={4} align="start">
                  <Badge color={STATUS_LABELS[lead.status].color} miw="max-content">
                    {STATUS_LABELS[lead.status].label}
                  </Badge>
                  <OfferConflictBadge conflict={lead.offerConflict} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <OfferStateBadge state={lead.offerState} />
              </Table.Td>
              <Table.Td>
                {lead.delivery && (
                  <Badge color={DELIVERY_LABELS[lead.delivery.state].color} miw="max-content">
                    {DELIVERY_LABELS[lead.delivery.state].label}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
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
