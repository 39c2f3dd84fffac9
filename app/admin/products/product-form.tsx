import { Alert, Button, Group, NativeSelect, NumberInput, Stack, TextInput, Title } from "@mantine/core";
import { useMemo, useState, type ChangeEvent } from "react";
import { buildAltText } from "../../../common/media/alt-text.ts";
import {
  PRODUCT_TEXTS,
  englishOf,
  productTextsOf,
  type ProductText,
  type ProductTexts,
} from "../../../common/language/product-texts.ts";
import type { CategoryView, ProductView } from "../../../common/catalogue/catalogue-views.ts";
import { IMAGE_SIZE_LIMIT_BYTES, NAME_MAX_LENGTH, base64DecodedLength } from "../../../common/fields/field-rules.ts";
import {
  PRODUCT_UNITS_MAX,
  productCreateSchema,
  productUpdateSchema,
  type ProductCreateInput,
  type ProductUpdateInput,
} from "../../../common/schemas/product.ts";
import { base64OfDataUrl } from "../pictures/data-url.ts";
import { HeaderPhotoCropper, croppedPng, type CroppedPhoto } from "../pictures/header-photo-cropper.tsx";
import { moveItem, picturePayload, type ListedPicture } from "../pictures/picture-list.ts";
import { PictureUpload } from "../pictures/picture-upload.tsx";
import { sizeLimitMessage } from "../pictures/upload-limits.ts";
import { UploadProgress } from "../pictures/upload-progress.tsx";
import { GALLERY_RULES, HEADER_PHOTO_RULES } from "../pictures/upload-rules.ts";
import { ProductSpecificationFields } from "../specifications/product-specification-fields.tsx";
import { carryValues } from "../../../common/specifications/carry-values.ts";
import { fieldsOf, valuesOf } from "../specifications/product-specifications.ts";
import { BilingualField } from "../translation/bilingual-field.tsx";
import { useSchemaForm } from "../editing/forms.ts";
import { ReadOnlyFieldset, ReadOnlyNotice } from "../ui/read-only.tsx";
import { SaveButton } from "../ui/save-button.tsx";
import { PRODUCT_SPECIFICATIONS } from "../ui/texts.ts";
import { useFormSave } from "../editing/use-form-save.ts";
import { headerPayload, storedPictures, type HeaderPhoto } from "./product-payload.ts";
import { PRODUCT_TEXT_LABELS, productFormSchema, type ProductTextValues } from "./product-text-rules.ts";
import { RichTextField } from "./rich-text/rich-text-field.tsx";
import { priceFieldsOf, priceFieldsSchema } from "./price-fields.ts";
import { PriceFieldsSection } from "./price-fields-section.tsx";
import type { Currency } from "../../../common/pricing/money.ts";

export interface ProductFormProps {
  categories: readonly CategoryView[];
  /** Present in edit mode: the form starts from it and keeps its pictures unless removed. */
  product?: ProductView;
  /** The site's currency (Configurare), in which the prices are typed. */
  currency: Currency;
  /**
   * Sends the body the API's schema accepted; resolves when the server has answered (and the
   * answer has been reported). A refusal it throws (ApiError) shows its codes next to the fields.
   */
  onSave: (body: ProductCreateInput | ProductUpdateInput, onProgress: (fraction: number) => void) => Promise<void>;
  onCancel: () => void;
  /** Refusals and local failures, for the toasts. */
  onRejected: (messages: string[]) => void;
  /** Reports whether the form holds unsaved changes, for the leave guard. */
  onDirtyChange?: (dirty: boolean) => void;
  /** The reader may not change the catalogue (Vânzări): every field disabled, no save. */
  readOnly?: boolean;
}

/** The technical data are written as tables; the other texts as prose. */
const TEXT_WITH_TABLES: ProductText = "technical_data";

/** A new machine's texts: none yet. */
const NO_TEXTS = Object.fromEntries(
  PRODUCT_TEXTS.flatMap((name) => [
    [name, ""],
    [englishOf(name), ""],
  ]),
) as ProductTexts;

/** The specifications of the category named `name` (none for no category, or one not in the list). */
function specificationsOf(categories: readonly CategoryView[], name: string) {
  return categories.find((category) => category.name === name)?.specifications ?? [];
}

function initialValues(product: ProductView | undefined, categories: readonly CategoryView[]): ProductTextValues {
  const category = product && product.category_uuid ? product.category : "";
  return {
    category,
    specifications: fieldsOf(specificationsOf(categories, category), product?.specifications ?? {}),
    model: product?.model ?? "",
    ...(product ? productTextsOf(product) : NO_TEXTS),
    units: product?.units ?? 1,
    prices: priceFieldsOf(product?.prices),
  };
}

/**
 * The product add/edit form (spec §2): category, model, header photo cropped square, the three
 * rich texts (each in Romanian and, optionally, in English beside it; both are always sent, so
 * saving an edit in one language keeps the other) and the ordered gallery. Salvare stays disabled
 * while a field is wrong or no header photo exists (spec §5); the save runs once per submit
 * (useFormSave: a second click while saving sends nothing), and the upload's progress is shown.
 */
export function ProductForm({
  categories,
  product,
  currency,
  onSave,
  onCancel,
  onRejected,
  onDirtyChange,
  readOnly = false,
}: ProductFormProps) {
  const stored = product ? storedPictures(product) : undefined;
  const schema = useMemo(() => productFormSchema(categories), [categories]);
  const form = useSchemaForm(schema, initialValues(product, categories), {
    onValuesChange: () => onDirtyChange?.(true),
  });
  const [storedHeader, setStoredHeader] = useState<HeaderPhoto | undefined>(stored?.header);
  const [cropped, setCropped] = useState<CroppedPhoto | null>(null);
  const [gallery, setGallery] = useState<ListedPicture[]>(stored?.gallery ?? []);
  const [progress, setProgress] = useState<number | null>(null);

  const touchPictures = () => onDirtyChange?.(true);
  const hasHeader = cropped !== null || storedHeader !== undefined;
  const model = form.values.model;
  const altOf = (index: number) => buildAltText(model || "utilaj", "photo", index + 1);

  const save = async (values: ProductTextValues) => {
    const header: HeaderPhoto | undefined = cropped ? { kind: "new", dataUrl: croppedPng(cropped) } : storedHeader;
    if (!header) return;
    if (header.kind === "new" && base64DecodedLength(base64OfDataUrl(header.dataUrl)) > IMAGE_SIZE_LIMIT_BYTES) {
      onRejected([sizeLimitMessage(IMAGE_SIZE_LIMIT_BYTES)]);
      return;
    }
    const { specifications, prices, ...texts } = values;
    const fields = {
      ...texts,
      // Typed amounts as minor units; the form's rule already refused what does not read as one.
      prices: priceFieldsSchema.parse(prices),
      // The full set of the chosen category's values: what the form dropped is dropped on the server too.
      specifications: valuesOf(specificationsOf(categories, values.category), specifications),
      header_photo: headerPayload(header),
      gallery: gallery.map(picturePayload),
    };
    // The API's own schema, once, on the whole body: what it refuses is not sent.
    const parsed = product
      ? productUpdateSchema.safeParse({ uuid: product.uuid, ...fields })
      : productCreateSchema.safeParse(fields);
    if (!parsed.success) {
      onRejected([...new Set(parsed.error.issues.map((issue) => issue.message))]);
      return;
    }
    setProgress(0);
    try {
      await onSave(parsed.data, setProgress);
    } finally {
      setProgress(null);
    }
  };
  const { submit, pending: saving } = useFormSave(form, save, { ERROR_PRODUCT_EXIST: "model" });

  const chosenSpecifications = specificationsOf(categories, form.values.category);
  const storedCategory = product?.category_uuid ? product.category : undefined;

  /**
   * Another category: its fields take the values of the same figures (as the server carries them);
   * back on the stored category, its stored values return under them.
   */
  const changeCategory = (name: string) => {
    const from = specificationsOf(categories, form.values.category);
    const to = specificationsOf(categories, name);
    const { carried } = carryValues(from, to, valuesOf(from, form.values.specifications));
    const stored = name === storedCategory ? (product?.specifications ?? {}) : {};
    form.setFieldValue("specifications", fieldsOf(to, { ...stored, ...carried }));
  };

  // What saving in the chosen category drops of the stored values (said before the save does it).
  const dropped =
    product && storedCategory !== undefined && form.values.category !== storedCategory
      ? carryValues(specificationsOf(categories, storedCategory), chosenSpecifications, product.specifications).dropped
      : [];

  const categoryInput = form.getInputProps("category");
  const categoryOptions = [
    { value: "", label: "Alegeti o categorie", disabled: true },
    ...categories.map((category) => ({ value: category.name, label: category.name })),
  ];

  // The fields' own `disabled` (pictures' drop zones, the editors) beside the fieldset's, which turns off the native controls.
  const locked = saving || readOnly;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md" maw={1200}>
        <Title order={1} size="h2">
          {readOnly ? `Utilajul ${product?.model ?? ""}` : product ? "Modificare utilaj" : "Adaugare utilaj"}
        </Title>
        {readOnly && <ReadOnlyNotice />}
        <ReadOnlyFieldset readOnly={readOnly}>
          <Stack gap="md">
            <NativeSelect
              label="Categorie"
              required
              data={categoryOptions}
              disabled={locked}
              {...categoryInput}
              onChange={(event: ChangeEvent<HTMLSelectElement>) => {
                changeCategory(event.currentTarget.value);
                categoryInput.onChange(event);
              }}
            />
            {dropped.length > 0 && (
              <Alert color="red" variant="outline" title={PRODUCT_SPECIFICATIONS.droppedTitle} role="status">
                {PRODUCT_SPECIFICATIONS.dropped(dropped.map((specification) => specification.name))}
              </Alert>
            )}
            <TextInput
              label="Model"
              required
              maxLength={NAME_MAX_LENGTH}
              disabled={locked}
              {...form.getInputProps("model")}
            />
            <NumberInput
              label="Unitati in flota"
              description="Cate bucati de acest model are flota; 0 = la cerere (nu se poate inchiria acum)"
              min={0}
              max={PRODUCT_UNITS_MAX}
              allowDecimal={false}
              allowNegative={false}
              disabled={locked}
              {...form.getInputProps("units")}
            />
            <HeaderPhotoCropper
              rules={HEADER_PHOTO_RULES}
              storedSrc={storedHeader?.kind === "stored" ? storedHeader.src : undefined}
              storedAlt={buildAltText(model || "utilaj", "presentation", 1)}
              error={hasHeader ? undefined : form.isTouched() ? "Poza oferta este obligatorie" : undefined}
              onCropped={(photo) => {
                setCropped(photo);
                if (photo) setStoredHeader(undefined);
                touchPictures();
              }}
              onRejected={onRejected}
              disabled={locked}
            />
            {PRODUCT_TEXTS.map((name) => (
              <BilingualField
                key={name}
                form={form}
                label={PRODUCT_TEXT_LABELS[name]}
                paths={{ ro: name, en: englishOf(name) }}
                disabled={locked}
              >
                {(language, fieldLabel, field) => (
                  <RichTextField
                    label={fieldLabel}
                    required={language === "ro"}
                    withTables={name === TEXT_WITH_TABLES}
                    value={form.values[field]}
                    onChange={(html) => form.setFieldValue(field, html)}
                    onBlur={() => form.validateField(field)}
                    error={form.errors[field] as string | undefined}
                    readOnly={readOnly}
                  />
                )}
              </BilingualField>
            ))}
            <ProductSpecificationFields specifications={chosenSpecifications} form={form} disabled={locked} />
            <PriceFieldsSection form={form} currency={currency} disabled={locked} />
            <PictureUpload
              label="Galerie foto"
              pictures={gallery}
              rules={GALLERY_RULES}
              altOf={altOf}
              onAdd={(added) => {
                setGallery((current) => [...current, ...added]);
                touchPictures();
              }}
              onMove={(from, to) => {
                setGallery((current) => moveItem(current, from, to));
                touchPictures();
              }}
              onRemove={(key) => {
                setGallery((current) => current.filter((picture) => picture.key !== key));
                touchPictures();
              }}
              onRejected={onRejected}
              disabled={locked}
            />
          </Stack>
        </ReadOnlyFieldset>
        {progress !== null && <UploadProgress fraction={progress} label="Progresul salvarii" />}
        <Group>
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {readOnly ? "Înapoi la listă" : "Cancel"}
          </Button>
          {/* Greyed while saving, like the fields. */}
          {!readOnly && <SaveButton pending={saving} disabled={!form.isValid() || !hasHeader || saving} />}
        </Group>
      </Stack>
    </form>
  );
}
