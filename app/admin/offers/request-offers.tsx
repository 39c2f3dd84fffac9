import { Stack, Table, Text, Title } from "@mantine/core";
import type { OfferSummary } from "../../../common/offers/offer-schemas.ts";
import { AdminTable } from "../ui/admin-table.tsx";
import { formatDateTime } from "../ui/date-format.ts";
import { OfferNumberLink } from "./offer-number-link.tsx";
import { OfferStateBadge } from "./offer-state-badge.tsx";
import { offerMoney } from "./offer-texts.ts";

/** A request's offers on its page (decision 096), newest first: each version, its state, total and when it was sent. */
export function RequestOffers({ offers }: { offers: readonly OfferSummary[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="lead-offers">
      <Title order={2} size="h4" id="lead-offers">
        Oferte ({offers.length})
      </Title>
      {offers.length === 0 ? (
        <Text size="sm">Nicio ofertă pentru această cerere.</Text>
      ) : (
        <AdminTable
          columns={["Ofertă", "Stare", "Total cu TVA", "Trimisă"]}
          caption="Ofertele cererii, cele mai noi întâi"
          minWidth={560}
          bordered
        >
          {offers.map((offer) => (
            <Table.Tr key={offer.uuid}>
              <Table.Td>
                <OfferNumberLink offer={offer} />
              </Table.Td>
              <Table.Td>
                <OfferStateBadge state={offer.state} />
              </Table.Td>
              <Table.Td>{offerMoney(offer.total, offer.currency)}</Table.Td>
              <Table.Td>
                {offer.sent_at ? <time dateTime={offer.sent_at}>{formatDateTime(offer.sent_at)}</time> : "—"}
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
    </Stack>
  );
}
