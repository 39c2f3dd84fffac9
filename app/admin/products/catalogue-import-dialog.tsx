import { Alert, Button, FileInput, Group, Modal, NativeSelect, Progress, Stack, Table, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import {
  importProgressSchema,
  importSummaryText,
  type ImportProgress,
  type ImportPreview,
  type ImportRow,
  type ImportRowKind,
  type ImportSummary,
} from "../../../common/catalogue/catalogue-import.ts";
import { api } from "../api/api-client.ts";
import { useApiAction } from "../api/use-api-action.ts";
import { UploadProgress } from "../pictures/upload-progress.tsx";
import { toast } from "../ui/toasts.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const ZIP_TYPE = "application/zip";

const KIND_LABELS: Record<ImportRowKind, string> = {
  new: "Nou",
  changed: "Modificat",
  unchanged: "Neschimbat",
  refused: "Refuzat",
};

/** At most this many rows are drawn: a 5 000-row file is read through the filter. */
const ROWS_SHOWN = 200;
/** A rich text's old and new values are cut to this many characters in the table. */
const VALUE_SHOWN = 120;

type Filter = ImportRowKind | "all";

/** The type the API reads the file as: by its name, since a browser may call a CSV "application/vnd.ms-excel". */
function fileType(file: File): string | undefined {
  const name = file.name.toLowerCase();
  if (name.endsWith(".xlsx")) return XLSX_TYPE;
  if (name.endsWith(".csv")) return "text/csv";
  if (name.endsWith(".zip")) return ZIP_TYPE;
  return undefined;
}

function shortened(value: string): string {
  return value.length > VALUE_SHOWN ? `${value.slice(0, VALUE_SHOWN)}…` : value;
}

function RowDetails({ row }: { row: ImportRow }) {
  const lines =
    row.kind === "refused"
      ? row.refusals.map(
          (refusal) => `${refusal.cell}${refusal.entry ? ` (${refusal.entry})` : ""}: ${refusal.message}`,
        )
      : row.changes.map((change) => `${change.field}: ${shortened(change.old) || "(gol)"} -> ${shortened(change.new)}`);
  return (
    <Stack gap={2}>
      {lines.map((line, index) => (
        <Text key={index} size="sm" c={row.kind === "refused" ? "red.8" : undefined}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const [filter, setFilter] = useState<Filter>("all");
  const rows = preview.rows.filter((row) => filter === "all" || row.kind === filter);
  return (
    <Stack gap="xs">
      <NativeSelect
        label="Aratati randurile"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value as Filter)}
        data={[
          { value: "all", label: `Toate (${preview.rows.length})` },
          ...(Object.keys(KIND_LABELS) as ImportRowKind[]).map((kind) => ({
            value: kind,
            label: `${KIND_LABELS[kind]} (${preview.counts[kind]})`,
          })),
        ]}
      />
      <Table striped aria-label="Randurile fisierului">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rand</Table.Th>
            <Table.Th>Model</Table.Th>
            <Table.Th>Stare</Table.Th>
            <Table.Th>Ce se schimba</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, ROWS_SHOWN).map((row) => (
            <Table.Tr key={`${row.sheet}!${row.row}`}>
              <Table.Td>{`${row.sheet}!${row.row}`}</Table.Td>
              <Table.Td>{row.model}</Table.Td>
              <Table.Td>{KIND_LABELS[row.kind]}</Table.Td>
              <Table.Td>
                <RowDetails row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length > ROWS_SHOWN && (
        <Text size="sm">
          Sunt afisate primele {ROWS_SHOWN} din {rows.length} randuri.
        </Text>
      )}
    </Stack>
  );
}

const PHASE_LABELS: Record<ImportProgress["phase"], string> = {
  pictures: "Pozele utilajelor noi",
  writing: "Utilaje scrise",
};

/** The server's own progress of a commit, once the file is sent (decision 079). */
function CommitProgress({ progress }: { progress: ImportProgress }) {
  const percent = progress.total === 0 ? 100 : Math.round((progress.done * 100) / progress.total);
  const label = PHASE_LABELS[progress.phase];
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={`Progresul importului: ${label.toLowerCase()}`} animated />
      <Text size="sm" aria-live="polite">
        {`${label}: ${progress.done} din ${progress.total}`}
      </Text>
    </Stack>
  );
}

function summaryText(summary: ImportSummary): string {
  return `Import terminat: ${importSummaryText(summary)}`;
}

interface CatalogueImportDialogProps {
  /** After a commit that changed the catalogue: the list reloads its machines. */
  onImported: () => Promise<void>;
}

/**
 * 'Importati' (decisions 076, 077): a spreadsheet chosen, its dry run shown row by row (filtered by
 * kind; each refusal at its cell with its message, each change old -> new), then 'Confirmati importul'
 * sends the same file to be written, all or nothing.
 */
export function CatalogueImportDialog({ onImported }: CatalogueImportDialogProps) {
  const [opened, setOpened] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | undefined>();
  const [progress, setProgress] = useState<{ fraction: number; waiting: string } | undefined>();
  const [committing, setCommitting] = useState<ImportProgress | undefined>();
  const { run, pending } = useApiAction();

  const close = () => {
    if (pending) return;
    setOpened(false);
    setFile(null);
    setPreview(undefined);
  };

  const send = <T,>(path: string, chosen: File, waiting: string) => {
    const type = fileType(chosen);
    if (!type) {
      toast.code("IMPORT_FILE_TYPE");
      return Promise.resolve(undefined);
    }
    setProgress({ fraction: 0, waiting });
    return api
      .uploadFile<T>(path, chosen, type, (fraction) => setProgress({ fraction, waiting }))
      .finally(() => setProgress(undefined));
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(undefined);
    if (!chosen) return;
    void run(async () => {
      setPreview(await send<ImportPreview>("/api/catalogue/import/preview", chosen, "Se verifica fisierul..."));
    });
  };

  const commit = () => {
    const type = file && fileType(file);
    if (!file || !type) return;
    void run(async () => {
      setProgress({ fraction: 0, waiting: "Se verifica fisierul..." });
      // The server's progress once the file is checked: its lines replace the upload's bar.
      const onLine = (line: unknown) => {
        const parsed = importProgressSchema.safeParse((line as { progress?: unknown }).progress);
        if (!parsed.success) return;
        setProgress(undefined);
        setCommitting(parsed.data);
      };
      const { summary } = await api
        .uploadFileWithLines<{ summary: ImportSummary }>(
          "/api/catalogue/import/commit",
          file,
          type,
          (fraction) => setProgress((shown) => shown && { ...shown, fraction }),
          onLine,
        )
        .finally(() => {
          setProgress(undefined);
          setCommitting(undefined);
        });
      toast.success(summaryText(summary));
      if (summary.created + summary.changed > 0) await onImported();
      setOpened(false);
      setFile(null);
      setPreview(undefined);
    });
  };

  const refused = (preview?.counts.refused ?? 0) > 0;
  const writes = (preview?.counts.new ?? 0) + (preview?.counts.changed ?? 0) > 0;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconUpload size={18} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        Importati
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Importati utilajele dintr-o foaie de calcul"
        size="xl"
        closeButtonProps={{ "aria-label": "Inchideti" }}
      >
        <Stack>
          <Text size="sm">
            Alegeti un fisier exportat din lista de utilaje (.xlsx sau .csv) si modificat, sau arhiva .zip cu poze
            (utilajele noi isi aduc pozele din ea). Veti vedea ce se schimba inainte ca ceva sa fie scris.
          </Text>
          <FileInput
            label="Fisierul de importat"
            placeholder="Alegeti un fisier .xlsx, .csv sau .zip"
            accept=".xlsx,.csv,.zip"
            value={file}
            onChange={choose}
            disabled={pending}
            clearable
            clearButtonProps={{ "aria-label": "Renuntati la fisierul ales" }}
          />
          {progress && (
            <UploadProgress fraction={progress.fraction} label="Trimiterea fisierului" waiting={progress.waiting} />
          )}
          {committing && <CommitProgress progress={committing} />}
          {preview && (
            <>
              <Text aria-live="polite">
                {preview.counts.new} noi, {preview.counts.changed} modificate, {preview.counts.unchanged} neschimbate,{" "}
                {preview.counts.refused} refuzate
              </Text>
              {refused && (
                <Alert color="red" title="Fisierul are randuri refuzate">
                  Corectati celulele aratate si alegeti fisierul din nou: importul se face doar fara randuri refuzate.
                </Alert>
              )}
              <PreviewTable preview={preview} />
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={pending}>
                  Renuntati
                </Button>
                <Button onClick={commit} loading={pending} disabled={refused || !writes}>
                  Confirmati importul
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Modal>
    </>
  );
}
