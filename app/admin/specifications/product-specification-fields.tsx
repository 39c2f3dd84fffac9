import { Checkbox, Fieldset, NativeSelect, Stack, Text, TextInput, VisuallyHidden } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import {
  SPECIFICATION_TEXT_MAX_LENGTH,
  type SpecificationView,
} from "../../../common/specifications/specification-schema.ts";
import { UNITS } from "../../../common/specifications/units.ts";
import { BilingualTextField } from "../translation/bilingual-text-field.tsx";
import { PRODUCT_SPECIFICATIONS } from "../ui/texts.ts";
import type { SpecificationFields } from "./product-specifications.ts";

type FormWithSpecifications = UseFormReturnType<{ specifications: SpecificationFields } & Record<string, unknown>>;

interface ProductSpecificationFieldsProps {
  /** The specifications of the category chosen in the form, in the category's order. */
  specifications: readonly SpecificationView[];
  form: FormWithSpecifications;
  disabled: boolean;
}

/**
 * A machine's values for its category's specifications, each a field of its kind: a number with its
 * unit after it (decimals with a comma or a point), a select among the options, a check box for
 * yes/no (half-checked while never given), a text in Romanian and English. Their errors (the shared rule's, or the
 * server's at `specifications.<uuid>`) show beside them.
 */
export function ProductSpecificationFields({ specifications, form, disabled }: ProductSpecificationFieldsProps) {
  return (
    <Fieldset legend={PRODUCT_SPECIFICATIONS.heading} disabled={disabled}>
      {specifications.length === 0 ? (
        <Text size="sm">{PRODUCT_SPECIFICATIONS.none}</Text>
      ) : (
        <Stack gap="md">
          {specifications.map((specification) => (
            <SpecificationField
              key={specification.uuid}
              specification={specification}
              form={form}
              disabled={disabled}
            />
          ))}
        </Stack>
      )}
    </Fieldset>
  );
}

function SpecificationField({
  specification,
  form,
  disabled,
}: {
  specification: SpecificationView;
  form: FormWithSpecifications;
  disabled: boolean;
}) {
  const path = `specifications.${specification.uuid}` as const;
  const error = form.errors[path];
  switch (specification.kind) {
    case "number": {
      const unit = specification.unit === null ? null : UNITS[specification.unit].ro;
      return (
        <TextInput
          maw="22rem"
          // The unit is read with the name; on screen it stands after the number.
          label={
            <>
              {specification.name}
              {unit !== null && <VisuallyHidden> ({unit})</VisuallyHidden>}
            </>
          }
          inputMode="decimal"
          autoComplete="off"
          rightSection={unit === null ? undefined : <span aria-hidden="true">{unit}</span>}
          rightSectionWidth={unit === null ? undefined : `${unit.length + 2}ch`}
          {...form.getInputProps(path)}
        />
      );
    }
    case "choice":
      return (
        <NativeSelect
          maw="22rem"
          label={specification.name}
          data={[
            { value: "", label: PRODUCT_SPECIFICATIONS.noChoice },
            ...specification.options.map((option) => ({ value: option.uuid, label: option.name })),
          ]}
          {...form.getInputProps(path)}
        />
      );
    case "yes_no": {
      // Never given: neither yes nor no (the box half-checked) until the administrator says which.
      const value = form.values.specifications[specification.uuid];
      return (
        <Checkbox
          label={specification.name}
          checked={value === true}
          indeterminate={value !== true && value !== false}
          description={value !== true && value !== false ? PRODUCT_SPECIFICATIONS.notGiven : undefined}
          error={error}
          onChange={(event) => form.setFieldValue(path, event.currentTarget.checked)}
        />
      );
    }
    case "text":
      return (
        <BilingualTextField
          form={form}
          label={specification.name}
          paths={{ ro: `${path}.ro`, en: `${path}.en` }}
          maxLength={SPECIFICATION_TEXT_MAX_LENGTH}
          disabled={disabled}
          // The rule judges the pair; its message goes under the Romanian, which the pair needs.
          errorPath={path}
        />
      );
  }
}
