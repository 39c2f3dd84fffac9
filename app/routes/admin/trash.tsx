import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { TrashEntry, TrashKind, TrashList } from "../../../common/trash/trash-schemas.ts";
import { ApiError, api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { formatDateTime } from "../../admin/ui/date-format.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { RestoreCategoryDialog } from "../../admin/trash/restore-category-dialog.tsx";
import { RestoreNameDialog, type NameQuestion } from "../../admin/trash/restore-name-dialog.tsx";
import { deleteAfterConfirm } from "../../admin/editing/delete-after-confirm.ts";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import { toast } from "../../admin/ui/toasts.ts";
import type { Route } from "./+types/trash";
import { AdminTable } from "../../admin/ui/admin-table.tsx";

export const meta = () => [{ title: "Cos — Administrare" }];

export const clientLoader = adminLoader(() => api.get<TrashList>("/api/trash"));

const KIND_LABELS: Record<TrashKind, string> = { product: "Utilaj", category: "Categorie", banner: "Poza banner" };
const RESTORED: Record<TrashKind, (name: string) => string> = {
  product: (name) => `Utilajul „${name}” a fost restaurat.`,
  category: (name) => `Categoria „${name}” a fost restaurata, cu utilajele ei.`,
  banner: (name) => `„${name}” a fost restaurata la locul ei din carusel.`,
};

/** What a restore sends besides the entry: answers to the server's questions so far. */
interface RestoreAnswers {
  model?: string;
  restore_category?: boolean;
  category_name?: string;
}

/** The server's questions (409s of a restore) and what the screen asks for each. */
const QUESTIONS = {
  TRASH_MODEL_TAKEN: "model",
  TRASH_CATEGORY_IN_TRASH: "category",
  TRASH_CATEGORY_TAKEN: "category-name",
} as const;
type QuestionCode = keyof typeof QUESTIONS;
const QUESTION_CODES = Object.keys(QUESTIONS) as QuestionCode[];
const isQuestionCode = (code: string | undefined): code is QuestionCode =>
  QUESTION_CODES.some((question) => question === code);

/** A question the server asked of a restore, and the answers given before it. */
interface Question {
  entry: TrashEntry;
  answers: RestoreAnswers;
  kind: (typeof QUESTIONS)[QuestionCode];
}

function nameQuestion(question: Question | null): NameQuestion | null {
  if (question?.kind === "model")
    return {
      title: "Modelul este folosit",
      message: `Intre timp alt utilaj are modelul „${question.entry.itemName}”. Alegeti alt model pentru utilajul restaurat.`,
      label: "Model nou",
    };
  if (question?.kind === "category-name")
    return {
      title: "Numele categoriei este folosit",
      message: "Intre timp alta categorie are numele categoriei restaurate. Alegeti alt nume pentru ea.",
      label: "Nume nou al categoriei",
    };
  return null;
}

/**
 * /admin/main/cos, the trash (decision 074): what was deleted, by whom and when, and when it goes
 * for good; 'Restaurati' puts it back as it was (asking for a new model or category name when its
 * own was taken meanwhile, and whether a machine's category in the trash comes back with it),
 * 'Stergeti definitiv' asks, then deletes it with its pictures.
 */
export default function Trash({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const revalidator = useRevalidator();
  const { run, pending } = useApiAction();
  const [question, setQuestion] = useState<Question | null>(null);

  const restore = async (entry: TrashEntry, answers: RestoreAnswers = {}): Promise<void> => {
    await run(async () => {
      try {
        await api.post(`/api/trash/${entry.id}/restore`, answers, { handled: QUESTION_CODES });
      } catch (error) {
        const code = error instanceof ApiError ? error.codes[0] : undefined;
        if (!isQuestionCode(code)) throw error;
        setQuestion({ entry, answers, kind: QUESTIONS[code] });
        return;
      }
      setQuestion(null);
      toast.success(RESTORED[entry.kind](answers.model ?? entry.itemName));
      await revalidator.revalidate();
    });
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
        <AdminTable
          columns={["Tip", "Nume", "Sters la", "De catre", "Se sterge definitiv la", "Actiuni"]}
          caption="Cosul, cele mai recente stergeri primele"
          minWidth={800}
        >
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
        </AdminTable>
      )}
      <RestoreNameDialog
        key={question ? `${question.entry.id}-${question.kind}` : "closed"}
        question={nameQuestion(question)}
        pending={pending}
        onRestore={(name) => {
          if (question)
            void restore(question.entry, {
              ...question.answers,
              ...(question.kind === "model" ? { model: name } : { category_name: name }),
            });
        }}
        onClose={() => setQuestion(null)}
      />
      <RestoreCategoryDialog
        model={question?.kind === "category" ? question.entry.itemName : null}
        onChoose={(withCategory) => {
          if (question) void restore(question.entry, { ...question.answers, restore_category: withCategory });
        }}
        onClose={() => setQuestion(null)}
      />
    </Stack>
  );
}
