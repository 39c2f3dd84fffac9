import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import type {
  RevisionDetail,
  RevisionEntry,
  RevisionKind,
  RevisionPage,
} from "../../../common/revisions/revision-schemas.ts";
import { ApiError, api } from "../api/api-client.ts";
import { useApiAction } from "../api/use-api-action.ts";
import { UNITS_BELOW_BOOKINGS_QUESTION, saveWithOverbookingQuestion } from "../bookings/overbooking-question.ts";
import { formatDateTime } from "../ui/date-format.ts";
import { affectedSpecifications, valueChangesQuestion } from "../specifications/affected-values.ts";
import { confirm } from "../ui/confirm.ts";
import { toast } from "../ui/toasts.ts";
import { RevisionChanges } from "./revision-changes.tsx";

export interface RevisionHistoryProps {
  kind: RevisionKind;
  /** The machine's or category's uuid; `configuration` for the configuration. */
  item: string;
  /** The item's version the form holds (decision 068): a restore over a newer save is refused. */
  version?: number;
  /** After a restore: the form shows the item as it now is. */
  onRestored: () => Promise<void> | void;
}

const who = (entry: RevisionEntry) => entry.userName || "(inainte de istoric)";

const VALUES_AFFECTED = "SPECIFICATION_VALUES_AFFECTED";

/**
 * The restore call; a category's that would remove machines' values is asked about, with the
 * machines, and sent again confirmed, as the category form does. False when declined.
 */
async function sendRestore(id: string, version: number | undefined): Promise<boolean> {
  const body = version === undefined ? {} : { version };
  // A machine's restore below its confirmed bookings is asked about as the product form's save is.
  const send = (extra: object) =>
    saveWithOverbookingQuestion(
      (confirmOverbooking) =>
        api.post(
          `/api/revisions/${id}/restore`,
          { ...body, ...extra, ...(confirmOverbooking ? { confirm_overbooking: true } : {}) },
          { handled: [VALUES_AFFECTED, UNITS_BELOW_BOOKINGS_QUESTION.code] },
        ),
      UNITS_BELOW_BOOKINGS_QUESTION,
    );
  try {
    return (await send({})) !== undefined;
  } catch (error) {
    if (!(error instanceof ApiError && error.codes[0] === VALUES_AFFECTED)) throw error;
    if (!(await confirm(valueChangesQuestion(affectedSpecifications(error.error))))) return false;
    return (await send({ confirm_value_changes: true })) !== undefined;
  }
}

/**
 * The edit screens' 'Istoric' panel (decision 078): the item's revisions newest first (when, who,
 * a one-line summary), each opening its changes field by field, and 'Restaurati aceasta versiune',
 * which asks, then saves that version as a new one.
 */
export function RevisionHistory({ kind, item, version, onRestored }: RevisionHistoryProps) {
  const headingId = useId();
  const { run, pending } = useApiAction();
  const [entries, setEntries] = useState<RevisionEntry[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [open, setOpen] = useState<Record<string, RevisionDetail | undefined>>({});

  const load = (offset: number) =>
    run(async () => {
      const page = await api.get<RevisionPage>(
        `/api/revisions?kind=${kind}&item=${encodeURIComponent(item)}&offset=${offset}`,
      );
      setEntries((before) => (offset === 0 ? page.items : [...(before ?? []), ...page.items]));
      setHasMore(page.hasMore);
    });

  const toggle = (entry: RevisionEntry) =>
    open[entry.id]
      ? setOpen((before) => ({ ...before, [entry.id]: undefined }))
      : run(async () => {
          const detail = await api.get<RevisionDetail>(`/api/revisions/${entry.id}`);
          setOpen((before) => ({ ...before, [entry.id]: detail }));
        });

  const restore = async (entry: RevisionEntry) => {
    const when = formatDateTime(entry.at);
    const asked = await confirm({
      title: "Restaurare versiune",
      message: `Restaurati versiunea din ${when}? Se salveaza ca versiune noua; modificarile nesalvate din formular se pierd.`,
    });
    if (!asked) return;
    await run(async () => {
      if (!(await sendRestore(entry.id, version))) return;
      toast.success(`Versiunea din ${when} a fost restaurata.`);
      setOpen({});
      await onRestored();
      const page = await api.get<RevisionPage>(`/api/revisions?kind=${kind}&item=${encodeURIComponent(item)}`);
      setEntries(page.items);
      setHasMore(page.hasMore);
    });
  };

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={headingId}>
            Istoric
          </Title>
          {entries === null && (
            <Button variant="default" onClick={() => void load(0)} loading={pending}>
              Aratati versiunile
            </Button>
          )}
        </Group>
        {entries !== null && entries.length === 0 && (
          <Text size="sm" role="status">
            Nicio versiune pastrata inca: prima salvare o pastreaza.
          </Text>
        )}
        {entries !== null && entries.length > 0 && (
          <Stack
            component="ol"
            aria-label="Versiunile pastrate"
            gap="xs"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
          >
            {entries.map((entry, index) => {
              const detail = open[entry.id];
              return (
                <Paper component="li" key={entry.id} withBorder p="xs">
                  <Stack gap={6}>
                    <Text size="sm">
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> — {who(entry)} — {entry.summary}
                    </Text>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        aria-expanded={detail !== undefined}
                        onClick={() => void toggle(entry)}
                      >
                        {detail ? "Ascundeti modificarile" : "Vedeti modificarile"}
                      </Button>
                      {index === 0 ? (
                        <Text size="xs" c="dimmed">
                          Versiunea curenta
                        </Text>
                      ) : (
                        <Button size="xs" variant="default" disabled={pending} onClick={() => void restore(entry)}>
                          Restaurati aceasta versiune
                        </Button>
                      )}
                    </Group>
                    {detail && <RevisionChanges changes={detail.changes} />}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        )}
        {hasMore && (
          <Button variant="default" onClick={() => void load(entries?.length ?? 0)} loading={pending}>
            Versiuni mai vechi
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
