import "@mantine/charts/styles.css";
import { Anchor, Box, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import {
  LEAD_OVERVIEW_DAYS,
  LEAD_OVERVIEW_MONTHS,
  LEAD_OVERVIEW_WEEKS,
  type LeadOverview,
} from "../../../common/leads/lead-schemas.ts";
import { api } from "../../admin/api/api-client.ts";
import { FiguresTable } from "../../admin/leads/figures-table.tsx";
import { formatDay } from "../../admin/ui/date-format.ts";
import {
  type Figure,
  categoryFigures,
  machineFigures,
  offerMonthRows,
  type OfferMonthRow,
  requestCount,
  requestWord,
  statusFigures,
  weekFigures,
} from "../../admin/leads/overview-figures.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import type { Route } from "./+types/demand";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import { AdminTable } from "../../admin/ui/admin-table.tsx";

export const meta = () => [{ title: "Analiza cererilor — Administrare" }];

export const clientLoader = adminLoader(() => api.get<LeadOverview>("/api/contact/requests/overview"));

// recharts and its parts are 130 kB gzip, half again the rest of the screen: loaded here alone, while the figures
// already show.
const OverviewChart = lazy(() => import("../../admin/leads/overview-chart.tsx"));

/** Height of a chart with bars across: one row per figure. */
const rowsHeight = (figures: readonly Figure[]) => 60 + 36 * Math.max(figures.length, 1);

/**
 * /admin/main/demand: the demand overview beside 'Cereri oferta' — requests per week for the last
 * 12 weeks, by status, and the machines and categories most asked for in the last 90 days; each
 * figure opens the inbox filtered by it. Each chart has its table (the same figures and links). Then
 * the offers sent and accepted per month, with their values.
 */
export default function Demand({ loaderData: overview }: Route.ComponentProps) {
  const weeks = weekFigures(overview);
  const thisWeek = weeks.at(-1);
  const machines = machineFigures(overview);
  const categories = categoryFigures(overview);
  const period = `din ${formatDay(overview.since)} pana azi`;

  return (
    <Stack gap="xl" maw={1000}>
      <Stack gap="xs">
        <ScreenTitle>Analiza cererilor</ScreenTitle>
        <Text size="sm">Fiecare cifra deschide cererile pe care le numara.</Text>
      </Stack>

      <Section title="Cereri pe stari" id="demand-statuses">
        <SimpleGrid cols={3} maw={600} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {statusFigures(overview).map((figure) => (
            <Tile key={figure.key} figure={figure} />
          ))}
        </SimpleGrid>
      </Section>

      <Section title={`Cereri pe saptamana, ultimele ${LEAD_OVERVIEW_WEEKS} saptamani`} id="demand-weeks">
        {thisWeek && (
          <Text size="sm">
            Saptamana aceasta ({thisWeek.label}):{" "}
            <Anchor component={Link} to={thisWeek.href} fw={700}>
              {requestCount(thisWeek.count)}
            </Anchor>
          </Text>
        )}
        <Chart figures={weeks} height={260} />
        <FiguresTable caption="Cereri pe saptamana" nameHeader="Saptamana (luni – duminica)" figures={weeks} />
      </Section>

      <Section
        title="Utilajele cele mai cerute"
        id="demand-machines"
        note={`Cereri care le cuprind, ${period} (${LEAD_OVERVIEW_DAYS} de zile).`}
      >
        {machines.length === 0 ? (
          <Text size="sm">Nicio cerere cu utilaje in aceasta perioada.</Text>
        ) : (
          <>
            <Chart figures={machines} across height={rowsHeight(machines)} />
            <FiguresTable
              caption="Utilajele cele mai cerute"
              nameHeader="Utilaj"
              figures={machines}
              extra={{ header: "Categorie", cell: (machine) => machine.category ?? "—" }}
            />
          </>
        )}
      </Section>

      <Section
        title="Categoriile cele mai cerute"
        id="demand-categories"
        note={`Cereri cu utilaje din ele, ${period}.`}
      >
        {categories.length === 0 ? (
          <Text size="sm">Nicio cerere cu utilaje in aceasta perioada.</Text>
        ) : (
          <>
            <Chart figures={categories} across height={rowsHeight(categories)} />
            <FiguresTable caption="Categoriile cele mai cerute" nameHeader="Categorie" figures={categories} />
          </>
        )}
      </Section>

      <Section
        title={`Oferte pe luna, ultimele ${LEAD_OVERVIEW_MONTHS} luni`}
        id="demand-offers"
        note="Trimise: o oferta o data, dupa ultima ei versiune trimisa. Acceptate: dupa ziua acceptarii. Valori in moneda site-ului."
      >
        <OfferMonthsTable rows={offerMonthRows(overview)} />
      </Section>
    </Stack>
  );
}

function Section({ title, id, note, children }: { title: string; id: string; note?: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Box>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {note && <Text size="sm">{note}</Text>}
      </Box>
      {children}
    </Stack>
  );
}

const OFFER_COLUMNS = ["Luna", "Trimise", "Acceptate"] as const;

/**
 * The offers' months, newest first: how many were sent and accepted, and what they are worth. Three
 * columns, each figure's values under its count, so a phone reads it without scrolling sideways.
 */
function OfferMonthsTable({ rows }: { rows: readonly OfferMonthRow[] }) {
  return (
    <AdminTable columns={OFFER_COLUMNS} caption="Oferte trimise si acceptate pe luna" bordered>
      {rows.toReversed().map((row) => (
        <Table.Tr key={row.key}>
          <Table.Th scope="row" fw="normal">
            {row.label}
          </Table.Th>
          <OfferSumsCell sums={row.sent} />
          <OfferSumsCell sums={row.accepted} />
        </Table.Tr>
      ))}
    </AdminTable>
  );
}

function OfferSumsCell({ sums }: { sums: OfferMonthRow["sent"] }) {
  return (
    <Table.Td>
      <Text size="sm" fw={700}>
        {sums.count}
      </Text>
      <Text size="sm">{sums.total} cu TVA</Text>
      <Text size="sm">{sums.net} fara TVA</Text>
    </Table.Td>
  );
}

/** A status's figure in large type, the whole tile a link: read as "Nou 3 cereri". */
function Tile({ figure }: { figure: Figure }) {
  return (
    <li>
      <Paper withBorder p="sm" h="100%">
        <Anchor component={Link} to={figure.href} c="inherit" underline="hover" display="block">
          <Text size="sm">{figure.label}</Text>
          <Text fz={28} fw={700} lh={1.2} c="blue.8">
            {figure.count}
          </Text>
          <Text size="sm">{requestWord(figure.count)}</Text>
        </Anchor>
      </Paper>
    </li>
  );
}

/** The chart, once its code has loaded; until then the space it will take, so nothing below moves. */
function Chart({ figures, across, height }: { figures: readonly Figure[]; across?: boolean; height: number }) {
  return (
    <Suspense fallback={<Box h={height} />}>
      <OverviewChart figures={figures} across={across} height={height} />
    </Suspense>
  );
}
