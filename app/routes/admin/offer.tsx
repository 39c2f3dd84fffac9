import { Anchor, Badge, Button, Group, List, Stack, Table, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { OfferView } from "../../../common/offers/offer-schemas.ts";
import { OFFER_STATE_LABELS } from "../../../common/offers/offer-states.ts";
import { api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { OfferAnswer } from "../../admin/offers/offer-answer.tsx";
import { offerMoney, rateApplied } from "../../admin/offers/offer-texts.ts";
import { percentText } from "../../../common/offers/offer-texts.ts";
import { SendOffer, SentSummary } from "../../admin/offers/send-offer.tsx";
import { AdminTable } from "../../admin/ui/admin-table.tsx";
import { confirm } from "../../admin/ui/confirm.ts";
import { formatDay } from "../../admin/ui/date-format.ts";
import { LEADS_PATH, OFFERS_PATH } from "../../admin/ui/screen-paths.ts";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import { saveFile } from "../../admin/ui/download-file.ts";
import { toast } from "../../admin/ui/toasts.ts";
import type { Route } from "./+types/offer";

export const meta = () => [{ title: "Ofertă — Administrare" }];

export const clientLoader = adminLoader(({ params }) =>
  api.get<OfferView>(`/api/offers/${encodeURIComponent(params.id ?? "")}`),
);

/**
 * /admin/main/oferte/:id (decision 094): one version of an offer as it was written and priced: its
 * customer, lines with the rate the rule applied, discounts, VAT and totals, every version of its
 * number, and its document (the PDF in the customer's language); a draft is sent to its customer
 * (decision 096), and what was sent is shown; a draft or a sent offer can be cancelled, a sent one
 * gets a new version.
 */
export default function Offer({ loaderData: offer }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { run, pending } = useApiAction();
  const money = (minor: number) => offerMoney(minor, offer.currency);
  const newest = offer.versions.every((version) => version.offer_version <= offer.offer_version);

  const cancel = () =>
    run(async () => {
      const confirmed = await confirm({
        title: "Anulați oferta?",
        message: `Oferta ${offer.number} v${offer.offer_version} nu va mai putea fi acceptată.`,
        danger: true,
      });
      if (!confirmed) return;
      await api.post<OfferView>(`/api/offers/${offer.uuid}/cancel`, undefined);
      toast.success("Oferta a fost anulată.");
      await revalidate();
    });

  const downloadPdf = () =>
    run(async () => {
      const { blob, fileName } = await api.download(`/api/offers/${offer.uuid}/pdf`);
      saveFile(blob, fileName ?? `${offer.number}-v${offer.offer_version}.pdf`);
    });

  const revise = () =>
    run(async () => {
      const next = await api.post<OfferView>(`/api/offers/${offer.uuid}/versions`, undefined);
      toast.success(`Versiunea ${next.offer_version} a fost creată (ciornă).`);
      await navigate(`${OFFERS_PATH}/${next.uuid}`);
    });

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="center">
        <ScreenTitle>
          Oferta {offer.number} v{offer.offer_version}
        </ScreenTitle>
        <Badge size="lg" variant="light">
          {OFFER_STATE_LABELS[offer.state]}
        </Badge>
      </Group>
      <Stack gap={4}>
        <Text>
          Client: {offer.customer_name}
          {offer.customer_company ? `, ${offer.customer_company}` : ""}
        </Text>
        {offer.customer_email && <Text size="sm">E-mail: {offer.customer_email}</Text>}
        {offer.customer_phone && <Text size="sm">Telefon: {offer.customer_phone}</Text>}
        <Text size="sm">Limba clientului: {offer.lang === "en" ? "engleză" : "română"}</Text>
        <Text size="sm">Valabilă până la {formatDay(offer.valid_until)}</Text>
        {offer.lead_uuid && (
          <Anchor component={Link} to={`${LEADS_PATH}/${offer.lead_uuid}`} size="sm">
            Cererea de ofertă
          </Anchor>
        )}
      </Stack>
      <SentSummary offer={offer} />
      <OfferAnswer offer={offer} />
      <AdminTable
        caption="Liniile ofertei"
        columns={["Descriere", "Zile", "Unități", "Tarif aplicat", "Sumă", "Reducere", "Total"]}
        minWidth={760}
        bordered
      >
        {offer.lines.map((line, index) => (
          <Table.Tr key={index}>
            <Table.Td>
              {line.description}
              {line.with_operator ? " (cu operator)" : ""}
            </Table.Td>
            <Table.Td>
              {line.first_day && line.last_day
                ? `${formatDay(line.first_day)} – ${formatDay(line.last_day)} (${line.days})`
                : ""}
            </Table.Td>
            <Table.Td>{line.units}</Table.Td>
            <Table.Td>{rateApplied(line)}</Table.Td>
            <Table.Td>{money(line.amount)}</Table.Td>
            <Table.Td>
              {line.discount > 0 ? `${percentText(line.discount, "ro")} (−${money(line.discount_amount)})` : ""}
            </Table.Td>
            <Table.Td>{money(line.total)}</Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      <Stack gap={4} align="end">
        <Text>Subtotal: {money(offer.subtotal)}</Text>
        {offer.discount > 0 && (
          <Text>
            Reducere {percentText(offer.discount, "ro")}: −{money(offer.discount_amount)}
          </Text>
        )}
        <Text>Total fără TVA: {money(offer.net)}</Text>
        <Text>
          TVA {percentText(offer.vat_rate, "ro")}: {money(offer.vat_amount)}
        </Text>
        <Text fw={700}>Total cu TVA: {money(offer.total)}</Text>
      </Stack>
      {offer.notes && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Note
          </Title>
          <Text style={{ whiteSpace: "pre-line" }}>{offer.notes}</Text>
        </Stack>
      )}
      {offer.versions.length > 1 && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Versiuni
          </Title>
          <List>
            {offer.versions.map((version) => (
              <List.Item key={version.uuid}>
                {version.uuid === offer.uuid ? (
                  <Text span fw={700}>
                    v{version.offer_version} ({OFFER_STATE_LABELS[version.state]}), aceasta
                  </Text>
                ) : (
                  <Anchor component={Link} to={`${OFFERS_PATH}/${version.uuid}`}>
                    v{version.offer_version} ({OFFER_STATE_LABELS[version.state]})
                  </Anchor>
                )}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <SendOffer offer={offer} onSent={revalidate} />
      <Group>
        <Button
          variant="outline"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          onClick={() => void downloadPdf()}
          loading={pending}
        >
          Descărcați PDF
        </Button>
        {offer.state === "ciorna" && (
          <Button component={Link} to={`${OFFERS_PATH}/${offer.uuid}/editare`}>
            Editați ciorna
          </Button>
        )}
        {offer.state === "trimisa" && newest && (
          <Button onClick={() => void revise()} loading={pending}>
            Versiune nouă
          </Button>
        )}
        {(offer.state === "ciorna" || offer.state === "trimisa") && (
          <Button color="red" variant="outline" onClick={() => void cancel()} loading={pending}>
            Anulați oferta
          </Button>
        )}
      </Group>
    </Stack>
  );
}
