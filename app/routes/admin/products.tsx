import { Alert, Anchor, Button, Group, Stack } from "@mantine/core";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import type { CategoryView, ProductView } from "../../../common/catalogue/catalogue-views.ts";
import { api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { CatalogueExportMenu } from "../../admin/products/catalogue-export-menu.tsx";
import { CatalogueImportDialog } from "../../admin/products/catalogue-import-dialog.tsx";
import { ALL_CATEGORIES } from "../../admin/products/product-filter.ts";
import { ProductTable } from "../../admin/products/product-table.tsx";
import { savedProductNotice, type SavedProduct } from "../../admin/products/saved-product.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { deleteAfterConfirm } from "../../admin/editing/delete-after-confirm.ts";
import { SUCCESS } from "../../admin/ui/texts.ts";
import type { Route } from "./+types/products";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import { useRight } from "../../admin/ui/use-right.ts";

export const meta = () => [{ title: "Utilaje — Administrare" }];

/** Spec §2: the list is preloaded (with the categories of its filter). */
export const clientLoader = adminLoader(async () => {
  const [products, categories] = await Promise.all([
    api.get<ProductView[]>("/api/product"),
    api.get<CategoryView[]>("/api/category"),
  ]);
  return { products, categories };
});

/**
 * /admin/main/products: the product list (spec §2). Deleting asks first, then removes the row
 * (spec §4). Coming back from a save, a notice links to the product's public page. 'Exportati' downloads
 * the catalogue, or the category the filter shows, as a spreadsheet; 'Importati' reads one back. A
 * reader without the catalogue's write right (Vânzări) exports and reads, and adds, imports or deletes nothing.
 */
export default function Products({ loaderData }: Route.ComponentProps) {
  const [products, setProducts] = useState(loaderData.products);
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const { run } = useApiAction();
  const writes = useRight("catalogue.write");
  const saved = savedProductNotice(useLocation().state);

  const remove = (product: ProductView) =>
    deleteAfterConfirm(run, {
      question: { title: "Stergere utilaj", message: `Sunteti sigur ca doriti sa stergeti utilajul ${product.model}?` },
      path: `/api/product/${product.uuid}`,
      success: SUCCESS.productDeleted,
      onDeleted: () => setProducts((current) => current.filter((item) => item.uuid !== product.uuid)),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <ScreenTitle>Utilaje</ScreenTitle>
        <Group gap="sm">
          <CatalogueExportMenu category={loaderData.categories.find((item) => item.name === category)} />
          {writes && (
            <>
              <CatalogueImportDialog
                onImported={async () => setProducts(await api.get<ProductView[]>("/api/product"))}
              />
              <Button component={Link} to="add">
                Adaugati
              </Button>
            </>
          )}
        </Group>
      </Group>
      {saved && <SavedNotice saved={saved} />}
      <ProductTable
        products={products}
        categories={loaderData.categories}
        category={category}
        onCategoryChange={setCategory}
        editPath={(product) => `edit/${product.uuid}`}
        onDelete={(product) => void remove(product)}
        readOnly={!writes}
      />
    </Stack>
  );
}

function SavedNotice({ saved }: { saved: SavedProduct }) {
  return (
    // Teal 9 on white keeps AA contrast; Mantine's light green (green 9 on a green tint) is 3.8:1.
    <Alert color="teal" variant="outline" title={`Utilajul ${saved.model} a fost salvat.`}>
      <Anchor href={saved.publicPath} target="_blank" rel="noopener">
        Deschideti pagina publica a utilajului {saved.model}
      </Anchor>
    </Alert>
  );
}
