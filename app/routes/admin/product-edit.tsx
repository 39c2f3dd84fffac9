import { useState } from "react";
import { Stack } from "@mantine/core";
import { useNavigate, useRevalidator } from "react-router";
import {
  productViewSchema,
  type CategoryView,
  type ConfigurationEntry,
  type ProductView,
} from "../../../common/catalogue/catalogue-views.ts";
import { priceSettingsOf } from "../../../common/pricing/price-settings.ts";
import { api } from "../../admin/api/api-client.ts";
import {
  UNITS_BELOW_BOOKINGS_QUESTION,
  saveWithOverbookingQuestion,
} from "../../admin/bookings/overbooking-question.ts";
import { ProductForm, type ProductFormProps } from "../../admin/products/product-form.tsx";
import { RevisionHistory } from "../../admin/revisions/revision-history.tsx";
import { productChanges } from "../../admin/products/product-changes.ts";
import { savedProductState } from "../../admin/products/saved-product.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { SUCCESS } from "../../admin/ui/texts.ts";
import { toast } from "../../admin/ui/toasts.ts";
import { useLeaveGuard } from "../../admin/editing/use-leave-guard.ts";
import { saveVersioned } from "../../admin/editing/versioned-save.ts";
import { NoAccess } from "../../admin/ui/no-access.tsx";
import { useRight } from "../../admin/ui/use-right.ts";
import type { Route } from "./+types/product-edit";

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${params.uuid ? "Modificare utilaj" : "Adaugare utilaj"} — Administrare` },
];

/** Add mode has no uuid; edit mode loads the product (with its prices), the categories and the site's currency. */
export const clientLoader = adminLoader(async ({ params }) => {
  const [categories, product, configuration] = await Promise.all([
    api.get<CategoryView[]>("/api/category"),
    // The admin's read: the machine with its prices, whatever the site shows (decision 089).
    params.uuid ? api.get<ProductView>(`/api/product/edit/${encodeURIComponent(params.uuid)}`) : undefined,
    api.get<ConfigurationEntry[]>("/api/configuration"),
  ]);
  return { categories, product, currency: priceSettingsOf(configuration).currency };
});

/**
 * /admin/main/products/add and /admin/main/products/edit/{uuid} (spec §2). The rich-text editor
 * and the cropper are imported by this route only, so they load on this screen and no other.
 * After a save: the success toast, then two levels up to the list (spec §4), which links to the
 * product's public page. A reader without the catalogue's write right (Vânzări) reads the machine.
 */
export default function ProductEdit({ loaderData }: Route.ComponentProps) {
  const writes = useRight("catalogue.write");
  // A reader without the write right reads a machine; there is nothing of theirs to add.
  if (!writes && !loaderData.product) return <NoAccess />;
  return <ProductEditor loaderData={loaderData} readOnly={!writes} />;
}

function ProductEditor({
  loaderData,
  readOnly,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  readOnly: boolean;
}) {
  const { categories, currency } = loaderData;
  const navigate = useNavigate();
  // The version the form is based on: as loaded, or as reloaded after another's save (decision 068).
  const [reloaded, setReloaded] = useState<ProductView>();
  const loaded = loaderData.product;
  const product =
    reloaded && loaded && reloaded.uuid === loaded.uuid && reloaded.version > loaded.version ? reloaded : loaded;
  const [unsaved, setUnsaved] = useState(false);
  const { allowLeave } = useLeaveGuard(unsaved);
  const toList = () => navigate("/admin/main/products");
  const revalidator = useRevalidator();

  const save: ProductFormProps["onSave"] = async (body, onProgress) => {
    const saved = product
      ? await saveVersioned({
          basis: product,
          // A fleet lowered below its confirmed bookings asks first, then is saved marking them overbooked.
          send: (based, handled) =>
            saveWithOverbookingQuestion(
              (confirmOverbooking) =>
                api.upload<ProductView>(
                  "PUT",
                  "/api/product/update",
                  { ...body, version: based.version, ...(confirmOverbooking ? { confirm_overbooking: true } : {}) },
                  onProgress,
                  { handled: [...handled, UNITS_BELOW_BOOKINGS_QUESTION.code] },
                ),
              UNITS_BELOW_BOOKINGS_QUESTION,
            ),
          schema: productViewSchema,
          changes: productChanges,
          reload: (current) => {
            setUnsaved(false);
            setReloaded(current);
          },
        })
      : await api.upload<ProductView>("POST", "/api/product/create", body, onProgress);
    if (!saved) return;
    toast.success(product ? SUCCESS.productUpdated : SUCCESS.productCreated);
    allowLeave();
    await navigate("/admin/main/products", { state: savedProductState(saved) });
  };

  return (
    <Stack>
      <ProductForm
        // A reloaded version starts the form again, its pictures included.
        key={product ? `${product.uuid}@${product.version}` : "new"}
        categories={categories}
        currency={currency}
        product={product}
        onSave={save}
        onCancel={() => void toList()}
        onRejected={(messages) => {
          toast.error(messages.join(" "));
        }}
        onDirtyChange={setUnsaved}
        readOnly={readOnly}
      />
      {product && !readOnly && (
        <RevisionHistory
          kind="product"
          item={product.uuid}
          version={product.version}
          // The loader reads the restored machine: its new version starts the form again.
          onRestored={async () => {
            setUnsaved(false);
            await revalidator.revalidate();
          }}
        />
      )}
    </Stack>
  );
}
