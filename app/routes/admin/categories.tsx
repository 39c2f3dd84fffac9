import { Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import type { CategoryView } from "../../../common/catalogue.ts";
import { api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { adminLoader } from "../../admin/session/admin-loader.ts";
import { deleteAfterConfirm } from "../../admin/ui/delete-after-confirm.ts";
import { RowActions } from "../../admin/ui/row-actions.tsx";
import { SUCCESS } from "../../admin/ui/texts.ts";
import type { Route } from "./+types/categories";

export const meta = () => [{ title: "Categorii produse — Administrare" }];

/** Spec §2: the table is preloaded (the page renders once its data is there: no empty flash). */
export const clientLoader = adminLoader(() => api.get<CategoryView[]>("/api/category"));

export default function Categories({ loaderData }: Route.ComponentProps) {
  // Spec §4: a deleted category leaves the local list; the list is not fetched again.
  const [categories, setCategories] = useState(loaderData);
  const { run } = useApiAction();

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
        <Title order={1} size="h2" tabIndex={-1}>
          Categorii produse
        </Title>
        <Button component={Link} to="/admin/main/categories/add" leftSection={<IconPlus size={18} aria-hidden="true" />}>
          Adaugati
        </Button>
      </Group>
      {categories.length === 0 ? (
        <Text>Nu exista nicio categorie.</Text>
      ) : (
        <Table striped highlightOnHover maw={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Nume</Table.Th>
              <Table.Th scope="col" w={120}>
                Actiuni
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {categories.map((category) => (
              <Table.Tr key={category.uuid}>
                <Table.Td>{category.name}</Table.Td>
                <Table.Td>
                  <RowActions
                    editPath={`/admin/main/categories/edit/${category.uuid}`}
                    editLabel={`Modificati categoria ${category.name}`}
                    deleteLabel={`Stergeti categoria ${category.name}`}
                    onDelete={() => void remove(category)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
