import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { BackupState, StatusView } from "../../../common/status/status-schemas.ts";
import { api } from "../../admin/api/api-client.ts";
import { formatDateTime } from "../../admin/ui/date-format.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { AdminTable } from "../../admin/ui/admin-table.tsx";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import type { Route } from "./+types/status";

export const meta = () => [{ title: "Stare — Administrare" }];

export const clientLoader = adminLoader(() => api.get<StatusView>("/api/status"));

/** Each state of the backups in words, and its colour: red is what needs someone today. */
const BACKUP_LABELS: Record<BackupState, { label: string; color: string }> = {
  // Darker than Mantine's green.9, whose white text misses AA contrast (4.36:1).
  ok: { label: "Verificat", color: "#1e6b33" },
  stale: { label: "Mai vechi de 26 de ore", color: "red.9" },
  failed: { label: "Esuat", color: "red.9" },
  missing: { label: "Niciun backup", color: "red.9" },
  off: { label: "Oprit (BACKUP_AT=off)", color: "gray.8" },
};

const OFFSITE_LABELS: Record<string, string> = {
  off: "fara copie externa",
  pending: "copie externa in curs",
  uploaded: "copie externa trimisa",
  failed: "copia externa a esuat",
};

const POOL_LABELS: Record<string, string> = {
  sheets: "Fise tehnice (PDF)",
  pictures: "Poze",
  imports: "Importuri",
  backups: "Backup",
};

/** The limits whose 429s are counted (each feature's rate-limits.ts), by their names in the reply. */
const LIMITER_LABELS: Record<string, string> = {
  login: "Autentificare",
  change: "Schimbarea parolei",
  reset: "Resetarea parolei",
  resetVerify: "Linkul de resetare",
  contact: "Cereri de oferta",
  contactWithoutScript: "Cereri de oferta fara JavaScript",
  contactWithoutScriptSite: "Cereri de oferta fara JavaScript (tot site-ul)",
  suggestions: "Sugestii de cautare",
  availabilityCalls: "Disponibilitate",
  pageRenders: "Pagini generate",
};

const bytes = new Intl.NumberFormat("ro-RO", { maximumFractionDigits: 1 });
function formatBytes(value: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let size = value;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${bytes.format(size)} ${units[unit]}`;
}

function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days > 0 ? `${days} z ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text fw={600} component="dt">
        {label}:
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Group>
  );
}

/** A card of counts by name over the last 24 hours, or a line saying there were none. */
function Counts({ id, title, none, rows }: { id: string; title: string; none: string; rows: [string, number][] }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text mt="xs">{none}</Text>
      ) : (
        <Stack gap={4} component="dl" mt="xs" mb={0}>
          {rows.map(([label, count]) => (
            <Fact key={label} label={label}>
              {count}
            </Fact>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export default function Status({ loaderData: status }: Route.ComponentProps) {
  const backup = BACKUP_LABELS[status.backup.state];
  const last = status.backup.last;
  return (
    <Stack>
      <ScreenTitle>Stare</ScreenTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="status-backup">
          <Title order={2} size="h4" id="status-backup">
            Backup
          </Title>
          <Stack gap={4} component="dl" mt="xs" mb={0}>
            <Fact label="Stare">
              <Badge color={backup.color} variant="filled" data-testid="backup-state">
                {backup.label}
              </Badge>
            </Fact>
            <Fact label="Ultimul backup verificat">
              {status.backup.lastGoodAt ? formatDateTime(status.backup.lastGoodAt) : "niciunul"}
            </Fact>
            {last && (
              <>
                <Fact label="Ultima noapte">
                  {last.day}: {last.status === "ok" ? "verificat" : last.status === "failed" ? "esuat" : "in curs"}
                  {last.bytes !== null && `, ${formatBytes(last.bytes)}`},{" "}
                  {OFFSITE_LABELS[last.offsite] ?? last.offsite}
                </Fact>
                {last.file && <Fact label="Fisier">{last.file}</Fact>}
                {last.error && <Fact label="Eroare">{last.error}</Fact>}
                {last.offsiteError && <Fact label="Eroarea copiei externe">{last.offsiteError}</Fact>}
              </>
            )}
          </Stack>
        </Card>
        <Card withBorder component="section" aria-labelledby="status-server">
          <Title order={2} size="h4" id="status-server">
            Server
          </Title>
          <Stack gap={4} component="dl" mt="xs" mb={0}>
            <Fact label="Versiune">{status.version}</Fact>
            <Fact label="Instanta">{status.instance}</Fact>
            <Fact label="Pornit de">{formatDuration(status.uptimeSeconds)}</Fact>
            <Fact label="Spatiu liber in DATA_DIR">
              {formatBytes(status.disk.freeBytes)} din {formatBytes(status.disk.totalBytes)}
            </Fact>
            <Fact label="Baza de date">
              {status.database.dialect === "postgres" ? "PostgreSQL" : "SQLite"}, {formatBytes(status.database.bytes)}
            </Fact>
          </Stack>
        </Card>
        <Card withBorder component="section" aria-labelledby="status-outbox">
          <Title order={2} size="h4" id="status-outbox">
            E-mailuri de trimis
          </Title>
          <Stack gap={4} component="dl" mt="xs" mb={0}>
            <Fact label="In asteptare">{status.outbox.waiting}</Fact>
            <Fact label="Cu erori">{status.outbox.failing}</Fact>
            <Fact label="Cel mai vechi">
              {status.outbox.oldest ? formatDateTime(status.outbox.oldest) : "niciunul"}
            </Fact>
          </Stack>
        </Card>
        <Counts
          id="status-errors"
          title="Erori in ultimele 24 de ore"
          none="Nicio eroare."
          rows={status.errors.map((entry) => [entry.kind, entry.count])}
        />
        <Counts
          id="status-limits"
          title="Limite de cereri atinse in ultimele 24 de ore"
          none="Nicio cerere refuzata."
          rows={status.rateLimitHits.map((entry) => [LIMITER_LABELS[entry.limiter] ?? entry.limiter, entry.count])}
        />
      </SimpleGrid>
      <AdminTable
        columns={["Instanta", "Versiune", "Pornita la", "Functioneaza de", "Vazuta ultima data"]}
        caption="Instantele vazute in ultimele 10 minute"
      >
        {status.instances.map((instance) => (
          <Table.Tr key={instance.id}>
            <Table.Th scope="row" fw={400}>
              {instance.id}
              {instance.current && " (aceasta)"}
            </Table.Th>
            <Table.Td>{instance.version}</Table.Td>
            <Table.Td>{formatDateTime(instance.startedAt)}</Table.Td>
            <Table.Td>{formatDuration(instance.uptimeSeconds)}</Table.Td>
            <Table.Td>{formatDateTime(instance.lastSeenAt)}</Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      <AdminTable
        columns={["Lucrari", "In lucru", "In asteptare", "Procese", "Opriri fortate (24 h)", "De la pornire"]}
        caption="Lucrarile in fundal"
      >
        {status.pools.map((pool) => (
          <Table.Tr key={pool.name}>
            <Table.Th scope="row" fw={400}>
              {POOL_LABELS[pool.name] ?? pool.name}
            </Table.Th>
            <Table.Td>{pool.running}</Table.Td>
            <Table.Td>{pool.waiting}</Table.Td>
            <Table.Td>{pool.children}</Table.Td>
            <Table.Td data-testid={`pool-crashes-${pool.name}`}>{pool.crashesLastDay}</Table.Td>
            <Table.Td>{pool.crashes}</Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
    </Stack>
  );
}
