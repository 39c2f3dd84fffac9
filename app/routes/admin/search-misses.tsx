import { Stack, Table, Text } from "@mantine/core";
import { SEARCH_MISS_DAYS, type SearchMissList } from "../../../common/search/search-schemas.ts";
import { api } from "../../admin/api/api-client.ts";
import { formatDateTime } from "../../admin/ui/date-format.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import type { Route } from "./+types/search-misses";

export const meta = () => [{ title: "Căutări fără rezultat — Administrare" }];

export const clientLoader = adminLoader(() => api.get<SearchMissList>("/api/search/misses"));

/**
 * /admin/main/search-misses, beside the demand overview: what visitors searched for on the site in
 * the last 90 days and did not find (decision 060), the most searched first: a machine worth adding
 * to the fleet, or a word worth adding to an offer. Texts only: nothing names a visitor.
 */
export default function SearchMisses({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <Stack gap="md" maw={800}>
      <Stack gap="xs">
        <ScreenTitle>Căutări fără rezultat</ScreenTitle>
        <Text size="sm">
          Ce au căutat vizitatorii pe site în ultimele {SEARCH_MISS_DAYS} de zile fără să găsească vreun utilaj, cele
          mai căutate întâi. Textele sunt scrise fără diacritice și cu litere mici; nu se păstrează nimic despre
          vizitatori.
        </Text>
      </Stack>
      {items.length === 0 ? (
        <Text size="sm">Nicio căutare fără rezultat în această perioadă.</Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Caption>Căutări fără rezultat, ultimele {SEARCH_MISS_DAYS} de zile</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Text căutat</Table.Th>
              <Table.Th scope="col" ta="right">
                De câte ori
              </Table.Th>
              <Table.Th scope="col">Ultima dată</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((miss) => (
              <Table.Tr key={miss.text}>
                <Table.Th scope="row" fw={400}>
                  {miss.text}
                </Table.Th>
                <Table.Td ta="right">{miss.count}</Table.Td>
                <Table.Td>{formatDateTime(miss.last_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
