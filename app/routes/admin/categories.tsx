import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import type { CategoryView } from "../../../common/catalogue/catalogue-views.ts";
import { categoryTranslation } from "../../../common/language/translation-state.ts";
import { api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import {
  ANY_TRANSLATION,
  matchesTranslation,
  type TranslationFilter,
} from "../../admin/translation/translation-filter.ts";
import { TranslationBadge, TranslationSelect } from "../../admin/translation/translation-badge.tsx";
import { deleteAfterConfirm } from "../../admin/editing/delete-after-confirm.ts";
import { RowActions } from "../../admin/ui/row-actions.tsx";
import { useRight } from "../../admin/ui/use-right.ts";
import { SUCCESS } from "../../admin/ui/texts.ts";
import type { Route } from "./+types/categories";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";

export const meta = () => [{ title: "Categorii produse — Administrare" }];

/** Spec §2: the table is preloaded (the page renders once its data is there: no empty flash). */
export const clientLoader = adminLoader(() => api.get<CategoryView[]>("/api/category"));

/**
 * The category list (spec §2), with each category's translation state and a filter by it; a reader
 * without the catalogue's write right (Vânzări) gets no add or delete, only each category to read.
 */
export default function Categories({ loaderData }: Route.ComponentProps) {
  // Spec §4: a deleted category leaves the local list; the list is not fetched again.
  const [categories, setCategories] = useState(loaderData);
  const [translation, setTranslation] = useState<TranslationFilter>(ANY_TRANSLATION);
  const { run } = useApiAction();
  const writes = useRight("catalogue.write");
  const shown = categories.filter((category) => matchesTranslation(categoryTranslation(category), translation));

  const remove = (category: CategoryView) =>
    deleteAfterConfirm(run, {
      question: {
        title: "Stergere categorie",
        message: `Sigur doriti sa stergeti categoria ${category.name}? Produsele ei raman, cu categoria Necunoscut.`,
      },
      path: `/api/category/${category.uuid}`,
      success: SUCCESS.categoryDeleted,
      onDeleted: () => setCategories((current) => current.filter((item) => item.uuid !== category.uuid)),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <ScreenTitle>Categorii produse</ScreenTitle>
        {writes && (
          <Button
            component={Link}
            to="/admin/main/categories/add"
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            Adaugati
          </Button>
        )}
      </Group>
      {categories.length === 0 ? (
        <Text>Nu exista nicio categorie.</Text>
      ) : (
        <>
          <Group>
            <TranslationSelect value={translation} onChange={setTranslation} />
          </Group>
          <Table striped highlightOnHover maw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Nume</Table.Th>
                <Table.Th scope="col">Traducere</Table.Th>
                <Table.Th scope="col" w={120}>
                  Actiuni
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((category) => (
                <Table.Tr key={category.uuid}>
                  <Table.Td>{category.name}</Table.Td>
                  <Table.Td>
                    <TranslationBadge state={categoryTranslation(category)} />
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      editPath={`/admin/main/categories/edit/${category.uuid}`}
                      name={`categoria ${category.name}`}
                      onDelete={() => void remove(category)}
                      readOnly={!writes}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {shown.length === 0 && <Text size="sm">Nicio categorie nu corespunde filtrului.</Text>}
        </>
      )}
    </Stack>
  );
}
