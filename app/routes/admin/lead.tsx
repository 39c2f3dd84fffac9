import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconTrash } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { LEAD_STATUSES, type LeadDelivery, type LeadStatus } from "../../../common/leads/lead-schemas.ts";
import type { LeadWithOfferView as LeadView } from "../../../common/offers/lead-offers.ts";
import type { OfferSummary } from "../../../common/offers/offer-schemas.ts";
import { RequestOffers } from "../../admin/offers/request-offers.tsx";
import { ApiError, api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { DELIVERY_LABELS, STATUS_LABELS, leadName, telHref } from "../../admin/leads/lead-labels.ts";
import { formatDateTime } from "../../admin/ui/date-format.ts";
import { LEADS_PATH, OFFERS_PATH } from "../../admin/ui/screen-paths.ts";
import { LeadBookings } from "../../admin/leads/lead-bookings.tsx";
import { MachinesTable } from "../../admin/leads/machines-table.tsx";
import { refreshNewLeadsCount } from "../../admin/leads/new-leads-count.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { deleteAfterConfirm } from "../../admin/editing/delete-after-confirm.ts";
import { SUCCESS } from "../../admin/ui/texts.ts";
import { toast } from "../../admin/ui/toasts.ts";
import type { Route } from "./+types/lead";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import { OfferConflictAlert } from "../../admin/leads/offer-conflict.tsx";

export const meta = () => [{ title: "Cerere oferta — Administrare" }];

/**
 * The request and its offers, or null when it is gone (erased in another tab): the page says so
 * instead of failing.
 */
export const clientLoader = adminLoader(async ({ params }) => {
  const id = encodeURIComponent(params.id ?? "");
  try {
    const [lead, offers] = await Promise.all([
      api.get<LeadView>(`/api/contact/requests/${id}`, { quiet: true }),
      api.get<OfferSummary[]>(`/api/offers?lead=${id}`, { quiet: true }),
    ]);
    return { lead, offers };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { lead: null, offers: [] };
    throw error;
  }
});

/**
 * /admin/main/leads/:id: one request of the leads inbox
 * (docs/decisions/031-the-leads-inbox-a-folded-search-column-erasure.md): the visitor's details with tel: and mailto:
 * links, the machines of its quote list, its offers (decision 096), its status (nou / contactat / finalizat), what
 * became of the e-mail that reported it, and its erasure (a person's right to erasure) behind a confirmation.
 */
export default function Lead({ loaderData }: Route.ComponentProps) {
  const [lead, setLead] = useState(loaderData.lead);
  const { run, pending } = useApiAction();
  const navigate = useNavigate();

  if (!lead) {
    return (
      <Stack align="flex-start">
        <ScreenTitle>Cererea nu a fost gasita</ScreenTitle>
        <Text>Cererea nu mai exista: a fost stearsa.</Text>
        <BackLink />
      </Stack>
    );
  }

  const changeStatus = (status: LeadStatus) =>
    run(async () => {
      setLead(await api.put<LeadView>(`/api/contact/requests/${lead.id}/status`, { status }));
      toast.success(SUCCESS.leadStatusChanged);
      await refreshNewLeadsCount();
    });

  const remove = () =>
    deleteAfterConfirm(run, {
      question: {
        title: "Stergere cerere",
        message: `Sunteti sigur ca doriti sa stergeti cererea lui ${leadName(lead)}? ${
          loaderData.offers.length === 0
            ? "Datele persoanei si e-mailul trimis firmei vor fi sterse definitiv."
            : "Datele persoanei, e-mailul trimis firmei si datele clientului din ofertele ei, cu e-mailurile lor, vor fi sterse definitiv. Ofertele raman, cu numerele si sumele lor."
        }`,
        confirmLabel: "Stergeti",
        cancelLabel: "Renuntati",
      },
      path: `/api/contact/requests/${lead.id}`,
      success: SUCCESS.leadDeleted,
      onDeleted: async () => {
        await refreshNewLeadsCount();
        await navigate(LEADS_PATH);
      },
    });

  return (
    <Stack maw={900}>
      <BackLink />
      <ScreenTitle>Cerere de la {leadName(lead)}</ScreenTitle>

      <OfferConflictAlert conflict={lead.offerConflict} />
      {!lead.verified && (
        <Alert color="red" title="Fara verificarea anti-spam" role="note">
          Formularul a fost trimis fara JavaScript, deci fara verificarea anti-spam: poate veni de la un robot.
        </Alert>
      )}

      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          <Row label="Primita">
            <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
          </Row>
          <Row label="Nume">{lead.lastName}</Row>
          <Row label="Prenume">{lead.firstName}</Row>
          <Row label="E-mail">{lead.email && <Anchor href={`mailto:${lead.email}`}>{lead.email}</Anchor>}</Row>
          <Row label="Telefon">{lead.phone && <Anchor href={telHref(lead.phone)}>{lead.phone}</Anchor>}</Row>
          <Row label="Localitate">{lead.city}</Row>
          <Row label="Categorii">{lead.categories}</Row>
          {/* The 'CERETI OFERTA' machine is among the machines below, unless its request (an API client's) listed others without it. */}
          {lead.productModel && !lead.items.some((item) => item.productId === lead.productId) && (
            <Row label="Utilaj">{lead.productModel}</Row>
          )}
          <Row label="Limba formularului">{lead.lang === "en" ? "engleza" : "romana"}</Row>
          <Row label="Mesaj">
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {lead.message}
            </Text>
          </Row>
        </Table.Tbody>
      </Table>

      {lead.items.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="lead-machines">
          <Title order={2} size="h4" id="lead-machines">
            Utilaje cerute ({lead.items.length})
          </Title>
          <MachinesTable items={lead.items} />
        </Stack>
      )}

      <LeadBookings leadId={lead.id} items={lead.items} />

      <RequestOffers offers={loaderData.offers} />
      <Group>
        <Button component={Link} to={`${OFFERS_PATH}/noua?cerere=${lead.id}`}>
          Creați ofertă
        </Button>
      </Group>

      <Stack gap="xs" component="section" aria-labelledby="lead-status">
        <Title order={2} size="h4" id="lead-status">
          Stare: {STATUS_LABELS[lead.status].label}
        </Title>
        <Group gap="xs" role="group" aria-label="Schimbati starea">
          {LEAD_STATUSES.map((status) => (
            <Button
              key={status}
              variant={lead.status === status ? "filled" : "default"}
              aria-pressed={lead.status === status}
              onClick={() => {
                if (lead.status !== status) void changeStatus(status);
              }}
              disabled={pending}
            >
              {STATUS_LABELS[status].label}
            </Button>
          ))}
        </Group>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="lead-delivery">
        <Title order={2} size="h4" id="lead-delivery">
          E-mail catre firma
        </Title>
        <DeliveryState delivery={lead.delivery} />
      </Stack>

      <Group>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={18} aria-hidden="true" />}
          onClick={() => void remove()}
          loading={pending}
        >
          Stergeti cererea
        </Button>
      </Group>
    </Stack>
  );
}

function BackLink() {
  return (
    <Anchor component={Link} to={LEADS_PATH} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        Inapoi la cereri
      </Group>
    </Anchor>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={200}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

function DeliveryState({ delivery }: { delivery: LeadDelivery | null }) {
  if (!delivery) return <Text size="sm">Fara e-mail.</Text>;
  const badge = <Badge color={DELIVERY_LABELS[delivery.state].color}>{DELIVERY_LABELS[delivery.state].label}</Badge>;
  if (delivery.state === "sent") {
    return (
      <Group gap="xs">
        {badge}
        <Text size="sm">{delivery.sentAt ? `Trimis la ${formatDateTime(delivery.sentAt)}.` : "Trimis."}</Text>
      </Group>
    );
  }
  const next = delivery.nextAttemptAt ? ` Urmatoarea incercare: ${formatDateTime(delivery.nextAttemptAt)}.` : "";
  if (delivery.state === "pending") {
    return (
      <Group gap="xs">
        {badge}
        <Text size="sm">Se trimite.{next}</Text>
      </Group>
    );
  }
  return (
    // A state read with the page, not news: a note, not an alert that interrupts the screen reader.
    <Alert color="red" title="Trimiterea e-mailului esueaza" role="note">
      <Text size="sm">
        Incercari: {delivery.attempts}.{next}
      </Text>
      <Text size="sm">Ultima eroare: {delivery.lastError}</Text>
    </Alert>
  );
}
