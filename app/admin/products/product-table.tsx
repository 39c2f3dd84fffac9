import { Group, NativeSelect, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import type { CategoryView, ProductView } from "../../../common/catalogue/catalogue-views.ts";
import { productTranslation } from "../../../common/language/translation-state.ts";
import { ANY_TRANSLATION, type TranslationFilter } from "../translation/translation-filter.ts";
import { TranslationBadge, TranslationSelect } from "../translation/translation-badge.tsx";
import { RowActions } from "../ui/row-actions.tsx";
import { ALL_CATEGORIES, filterProducts, isUncategorised } from "./product-filter.ts";
import { AdminTable } from "../ui/admin-table.tsx";

interface ProductTableProps {
  products: readonly ProductView[];
  categories: readonly CategoryView[];
  /** The category filter's choice (a category's name, or ALL_CATEGORIES): the list's export follows it. */
  category: string;
  onCategoryChange: (category: string) => void;
  editPath: (product: ProductView) => string;
  onDelete: (product: ProductView) => void;
  /** The reader may not change the catalogue: each row opens its machine to read. */
  readOnly: boolean;
}

/**
 * The product list of spec §2: a category filter ('Toate categoriile' first), a model search
 * (case-insensitive substring, spec §9), a translation-state filter, and the table Categorie /
 * Model / Traducere / Actiuni, where products of a deleted category are muted.
 */
export function ProductTable({
  products,
  categories,
  category,
  onCategoryChange,
  editPath,
  onDelete,
  readOnly,
}: ProductTableProps) {
  const [search, setSearch] = useState("");
  const [translation, setTranslation] = useState<TranslationFilter>(ANY_TRANSLATION);
  const shown = filterProducts(products, { category, search, translation });
  return (
    <>
      <Group align="flex-end" gap="md" mb="md">
        <NativeSelect
          aria-label="Filtrati dupa categorie"
          value={category}
          onChange={(event) => onCategoryChange(event.currentTarget.value)}
          data={[
            { value: ALL_CATEGORIES, label: "Toate categoriile" },
            ...categories.map((item) => ({ value: item.name, label: item.name })),
          ]}
        />
        <TextInput
          aria-label="Cautare model"
          placeholder="Cautare model"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <TranslationSelect value={translation} onChange={setTranslation} />
      </Group>
      <AdminTable columns={["Categorie", "Model", "Traducere", "Actiuni"]}>
        {shown.map((product) => {
          const muted = isUncategorised(product);
          return (
            <Table.Tr key={product.uuid} data-muted={muted || undefined}>
              <Table.Td>
                <Text size="sm" c={muted ? "gray.7" : undefined} fs={muted ? "italic" : undefined}>
                  {product.category}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={muted ? "gray.7" : undefined} fs={muted ? "italic" : undefined}>
                  {product.model}
                </Text>
              </Table.Td>
              <Table.Td>
                <TranslationBadge state={productTranslation(product)} />
              </Table.Td>
              <Table.Td>
                <RowActions
                  editPath={editPath(product)}
                  name={product.model}
                  onDelete={() => onDelete(product)}
                  readOnly={readOnly}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </AdminTable>
      {shown.length === 0 && (
        <Text size="sm" mt="sm">
          Niciun utilaj nu corespunde cautarii.
        </Text>
      )}
    </>
  );
}
