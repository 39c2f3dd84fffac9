import { Button, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { TrashEntry, TrashKind, TrashList } from "../../../common/trash/trash-schemas.ts";
import { ApiError, api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { formatDateTime } from "../../admin/leads/lead-labels.ts";
import { adminLoader } from "../../admin/session/admin-loader.ts";
import { RestoreModelDialog } from "../../admin/trash/restore-model-dialog.tsx";
import { confirm } from "../../admin/ui/confirm.ts";
import { deleteAfterConfirm } from "../../admin/ui/delete-after-confirm.ts";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import { toast } from "../../admin/ui/toasts.ts";
import type { Route } from "./+types/trash";

export const meta = () => [{ title: "Cos — Administrare" }];

export const clientLoader = adminLoader(() => api.get<TrashList>("/api/trash"));

const KIND_LABELS: Record<TrashKind, string> = { product: "Utilaj", category: "Categorie", banner: "Poza banner" };
const RESTORED: Record<TrashKind, (name: string) => string> = {
  product: (name) => `Utilajul „${name}” a fost restaurat.`,
  category: (name) => `Categoria „${name}” a fost restaurata, cu utilajele ei.`,
  banner: (name) => `„${name}” a fost restaurata la locul ei din carusel.`,
};

/**
 * /admin/main/cos, the trash (decision 074): what was deleted, by whom and when, and when it goes
 * for good; 'Restaurati' puts it back as it was (asking for a new model when its own was taken
 * meanwhile), 'Stergeti definitiv' asks, then deletes it with its pictures.
 */
export default function Trash({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const revalidator = useRevalidator();
  const { run, pending } = useApiAction();
  const [modelTaken, setModelTaken] = useState<TrashEntry | null>(null);

  const restore = async (entry: TrashEntry, model?: string, withCategory = false): Promise<void> => {
    let question: "model" | "category" | undefined;
    await run(async () => {
      try {
        await api.post(
          `/api/trash/${entry.id}/restore`,
          { ...(model === undefined ? {} : { model }), ...(withCategory ? { restore_category: true } : {}) },
          { handled: ["TRASH_MODEL_TAKEN", "TRASH_CATEGORY_IN_TRASH"] },
        );
      } catch (error) {
        if (error instanceof ApiError && error.codes[0] === "TRASH_MODEL_TAKEN") question = "model";
        else if (error instanceof ApiError && error.codes[0] === "TRASH_CATEGORY_IN_TRASH") question = "category";
        else throw error;
        return;
      }
      setModelTaken(null);
      toast.success(RESTORED[entry.kind](model ?? entry.itemName));
      await revalidator.revalidate();
    });
    if (question === "model") setModelTaken(entry);
    if (
      question === "category" &&
      (await confirm({
        title: "Categoria este in Cos",
        message: `Categoria utilajului „${entry.itemName}” este si ea in Cos. Restaurati-le pe amandoua?`,
      }))
    )
      await restore(entry, model, true);
  };

  const purge = (entry: TrashEntry) =>
    deleteAfterConfirm(run, {
      question: {
        title: "Stergere definitiva",
        message: `Stergeti definitiv „${entry.itemName}”, cu pozele lui? Nu mai poate fi restaurat.`,
      },
      path: `/api/trash/${entry.id}`,
      success: `„${entry.itemName}” a fost sters definitiv.`,
      onDeleted: () => revalidator.revalidate(),
    });

  return (
    <Stack>
      <ScreenTitle>Cos</ScreenTitle>
      <Text size="sm">
        Utilajele si categoriile sterse stau aici 30 de zile, cu textele, valorile si pozele lor; pana atunci pot fi
        restaurate exact cum erau, la aceeasi adresa.
      </Text>
      {items.length === 0 ? (
        <Text role="status" size="sm">
          Cosul este gol.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={800} type="native">
          <Table striped highlightOnHover>
            <VisuallyHidden component="caption">Cosul, cele mai recente stergeri primele</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Tip</Table.Th>
                <Table.Th scope="col">Nume</Table.Th>
                <Table.Th scope="col">Sters la</Table.Th>
                <Table.Th scope="col">De catre</Table.Th>
                <Table.Th scope="col">Se sterge definitiv la</Table.Th>
                <Table.Th scope="col">Actiuni</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{KIND_LABELS[entry.kind]}</Table.Td>
                  <Table.Th scope="row" fw={400}>
                    {entry.itemName}
                  </Table.Th>
                  <Table.Td>
                    <time dateTime={entry.deletedAt}>{formatDateTime(entry.deletedAt)}</time>
                  </Table.Td>
                  <Table.Td>{entry.userName}</Table.Td>
                  <Table.Td>
                    <time dateTime={entry.purgeAt}>{formatDateTime(entry.purgeAt)}</time>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        onClick={() => void restore(entry)}
                        disabled={pending}
                        aria-label={`Restaurati ${entry.itemName}`}
                      >
                        Restaurati
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="outline"
                        onClick={() => void purge(entry)}
                        disabled={pending}
                        aria-label={`Stergeti definitiv ${entry.itemName}`}
                      >
                        Stergeti definitiv
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RestoreModelDialog
        key={modelTaken?.id ?? "closed"}
        model={modelTaken?.itemName ?? null}
        pending={pending}
        onRestore={(model) => {
          if (modelTaken) void restore(modelTaken, model);
        }}
        onClose={() => setModelTaken(null)}
      />
    </Stack>
  );
}
