import { Button, Group, Stack } from "@mantine/core";
import { useNavigate } from "react-router";
import { useState } from "react";
import { categoryViewSchema, type CategoryView } from "../../../common/catalogue/catalogue-views.ts";
import type { ErrorCode } from "../../../common/errors/error-codes.ts";
import { NAME_MAX_LENGTH } from "../../../common/fields/field-rules.ts";
import { categoryCreateSchema } from "../../../common/schemas/category.ts";
import { ApiError, api } from "../../admin/api/api-client.ts";
import { affectedSpecifications, valueChangesQuestion } from "../../admin/specifications/affected-values.ts";
import { categoryChanges } from "../../admin/specifications/category-changes.ts";
import {
  draftsOf,
  specificationsPayload,
  type CategoryFormValues,
} from "../../admin/specifications/specification-drafts.ts";
import { SpecificationsEditor } from "../../admin/specifications/specifications-editor.tsx";
import { confirm } from "../../admin/ui/confirm.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { BilingualTextField } from "../../admin/translation/bilingual-text-field.tsx";
import { useSchemaForm } from "../../admin/editing/forms.ts";
import { SaveButton } from "../../admin/ui/save-button.tsx";
import { SUCCESS } from "../../admin/ui/texts.ts";
import { toast } from "../../admin/ui/toasts.ts";
import { useFormSave } from "../../admin/editing/use-form-save.ts";
import { useLeaveGuard } from "../../admin/editing/use-leave-guard.ts";
import { saveVersioned } from "../../admin/editing/versioned-save.ts";
import type { Route } from "./+types/category-form";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import { RevisionHistory } from "../../admin/revisions/revision-history.tsx";
import { NoAccess } from "../../admin/ui/no-access.tsx";
import { ReadOnlyFieldset, ReadOnlyNotice } from "../../admin/ui/read-only.tsx";
import { useRight } from "../../admin/ui/use-right.ts";

const LIST = "/admin/main/categories";

export const meta = () => [{ title: "Adaugare categorie — Administrare" }];

/** Spec §4: add mode without a uuid in the route; edit mode loads the record and fills the form. */
export const clientLoader = adminLoader(async ({ params }) =>
  params.uuid ? api.get<CategoryView>(`/api/category/${encodeURIComponent(params.uuid)}`) : null,
);

const VALUES_AFFECTED = "SPECIFICATION_VALUES_AFFECTED";

/**
 * Sends a category update; when the server answers that it would remove or reinterpret machines'
 * values, asks with the machines it names and sends it again confirmed. Resolves false when the
 * administrator declines (nothing was changed). `handled`: the codes the caller answers itself.
 */
async function updateCategory(body: object, handled: readonly ErrorCode[]): Promise<boolean> {
  try {
    await api.put("/api/category/update", body, { handled: [VALUES_AFFECTED, ...handled] });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError && error.codes[0] === VALUES_AFFECTED)) throw error;
    if (!(await confirm(valueChangesQuestion(affectedSpecifications(error.error))))) return false;
    await api.put("/api/category/update", { ...body, confirm_value_changes: true }, { handled });
    return true;
  }
}

function valuesOf(category: CategoryView | null): CategoryFormValues {
  return {
    name: category?.name ?? "",
    name_en: category?.name_en ?? "",
    specifications: draftsOf(category?.specifications ?? []),
  };
}

/**
 * The name in Romanian and English and the category's specifications; all are always sent, so
 * saving one never loses another. A reader without the catalogue's write right (Vânzări) reads them.
 */
export default function CategoryForm({ loaderData: category }: Route.ComponentProps) {
  const writes = useRight("catalogue.write");
  // A reader without the write right reads a category; there is nothing of theirs to add.
  if (!writes && !category) return <NoAccess />;
  return <CategoryEditor category={category} readOnly={!writes} />;
}

function CategoryEditor({ category, readOnly }: { category: CategoryView | null; readOnly: boolean }) {
  const navigate = useNavigate();
  // The version the form is based on: as loaded, or as reloaded after another's save (decision 068).
  const [basis, setBasis] = useState(category);
  const form = useSchemaForm<CategoryFormValues>(categoryCreateSchema, valuesOf(category));
  const startFrom = (current: CategoryView) => {
    setBasis(current);
    const stored = valuesOf(current);
    form.setInitialValues(stored);
    form.setValues(stored);
    form.resetDirty(stored);
    form.resetTouched();
  };
  // The specifications' buttons (add, move, remove) change the form without touching a field.
  const guard = useLeaveGuard((form.isTouched() || form.isDirty("specifications")) && form.isDirty());
  const { submit, pending } = useFormSave(
    form,
    async (values) => {
      const body = {
        name: values.name,
        name_en: values.name_en,
        specifications: specificationsPayload(values.specifications),
      };
      if (basis) {
        const saved = await saveVersioned({
          basis,
          send: (based, handled) => updateCategory({ uuid: based.uuid, ...body, version: based.version }, handled),
          schema: categoryViewSchema,
          changes: categoryChanges,
          reload: startFrom,
        });
        if (!saved) return;
        toast.success(SUCCESS.categoryUpdated);
      } else {
        await api.post("/api/category/create", body);
        toast.success(SUCCESS.categoryCreated);
      }
      guard.allowLeave();
      // Spec §4: back to the list (one level up after an add, two after an edit: the same list).
      await navigate(LIST);
    },
    { ERROR_CATEGORY_EXIST: "name" },
  );

  return (
    <Stack maw={960}>
      <ScreenTitle>{readOnly ? `Categoria ${basis?.name ?? ""}` : "Adaugare categorie"}</ScreenTitle>
      {readOnly && <ReadOnlyNotice />}
      <form onSubmit={submit} noValidate>
        <Stack>
          <ReadOnlyFieldset readOnly={readOnly}>
            <Stack>
              <BilingualTextField
                form={form}
                label="Nume"
                paths={{ ro: "name", en: "name_en" }}
                maxLength={NAME_MAX_LENGTH}
                required
              />
              <SpecificationsEditor form={form} disabled={pending || readOnly} />
            </Stack>
          </ReadOnlyFieldset>
          <Group>
            {!readOnly && <SaveButton pending={pending} />}
            <Button variant="default" onClick={() => void navigate(LIST)}>
              {readOnly ? "Înapoi la listă" : "Renuntati"}
            </Button>
          </Group>
        </Stack>
      </form>
      {basis && !readOnly && (
        <RevisionHistory
          kind="category"
          item={basis.uuid}
          version={basis.version}
          onRestored={async () =>
            startFrom(await api.get<CategoryView>(`/api/category/${encodeURIComponent(basis.uuid)}`))
          }
        />
      )}
    </Stack>
  );
}
