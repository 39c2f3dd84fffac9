import { Button, Group, NativeSelect, Stack, Table, Text } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import type { OfferSummary } from "../../../common/offers/offer-schemas.ts";
import { OFFER_STATES, OFFER_STATE_LABELS, type OfferState } from "../../../common/offers/offer-states.ts";
import { api } from "../../admin/api/api-client.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { OfferNumberLink } from "../../admin/offers/offer-number-link.tsx";
import { OfferStateBadge } from "../../admin/offers/offer-state-badge.tsx";
import { offerMoney } from "../../admin/offers/offer-texts.ts";
import { AdminTable } from "../../admin/ui/admin-table.tsx";
import { formatDay } from "../../admin/ui/date-format.ts";
import { OFFERS_PATH } from "../../admin/ui/screen-paths.ts";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import type { Route } from "./+types/offers";

export const meta = () => [{ title: "Oferte — Administrare" }];

const stateOf = (value: string | null): OfferState | undefined => OFFER_STATES.find((state) => state === value);

export const clientLoader = adminLoader(async ({ request }) => {
  const state = stateOf(new URL(request.url).searchParams.get("stare"));
  const offers = await api.get<OfferSummary[]>(state ? `/api/offers?state=${state}` : "/api/offers");
  return { offers, state };
});

/**
 * /admin/main/oferte (decision 094): the offers, newest first, filtered by state (`?stare=`), each
 * with its number and version, customer, total with VAT and validity, opening the offer.
 */
export default function Offers({ loaderData }: Route.ComponentProps) {
  const { offers, state } = loaderData;
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <ScreenTitle>Oferte</ScreenTitle>
      <Group align="end" justify="space-between">
        <NativeSelect
          label="Stare"
          value={state ?? ""}
          data={[
            { value: "", label: "Toate" },
            ...OFFER_STATES.map((value) => ({ value, label: OFFER_STATE_LABELS[value] })),
          ]}
          onChange={(event) =>
            void navigate(event.currentTarget.value ? `${OFFERS_PATH}?stare=${event.currentTarget.value}` : OFFERS_PATH)
          }
        />
        <Button component={Link} to={`${OFFERS_PATH}/noua`}>
          Ofertă nouă
        </Button>
      </Group>
      {offers.length === 0 ? (
        <Text size="sm">Nicio ofertă{state ? ` în starea „${OFFER_STATE_LABELS[state]}”` : ""}.</Text>
      ) : (
        <AdminTable
          caption="Oferte, cele mai noi întâi"
          columns={["Număr", "Client", "Stare", "Total cu TVA", "Valabilă până la"]}
          minWidth={640}
        >
          {offers.map((offer) => (
            <Table.Tr key={offer.uuid}>
              <Table.Td>
                <OfferNumberLink offer={offer} />
              </Table.Td>
              <Table.Td>
                {offer.customer_name}
                {offer.customer_company ? ` (${offer.customer_company})` : ""}
              </Table.Td>
              <Table.Td>
                <OfferStateBadge state={offer.state} />
              </Table.Td>
              <Table.Td>{offerMoney(offer.total, offer.currency)}</Table.Td>
              <Table.Td>{formatDay(offer.valid_until)}</Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
    </Stack>
  );
}
