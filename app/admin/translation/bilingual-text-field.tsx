import { Textarea, TextInput } from "@mantine/core";
import type { LooseKeys, UseFormReturnType } from "@mantine/form";
import type { Locale } from "../../../common/language/language.ts";
import { BilingualField, type TextPath } from "./bilingual-field.tsx";

interface BilingualTextFieldProps<Values, Path extends LooseKeys<Values>> {
  form: UseFormReturnType<Values>;
  /** The Romanian label; the English one is '<label> (engleza)'. */
  label: string;
  /** Where the form holds each language's text, e.g. `{ ro: "name", en: "name_en" }`. */
  paths: Record<Locale, TextPath<Values, Path>>;
  maxLength: number;
  /** Whether the Romanian is required; the English never is. */
  required?: boolean;
  /** A text of several lines: a Textarea growing with it, from two rows. */
  multiline?: boolean;
  disabled?: boolean;
  /**
   * Where the form keeps the error of a rule that judges the two texts together: shown under the
   * Romanian, the English showing none. Without it each input shows its own path's error.
   */
  errorPath?: LooseKeys<Values>;
}

/** A plain text written in Romanian and English (BilingualField), each input bound to its path of the form. */
export function BilingualTextField<Values, const Path extends LooseKeys<Values>>({
  form,
  label,
  paths,
  maxLength,
  required = false,
  multiline = false,
  disabled = false,
  errorPath,
}: BilingualTextFieldProps<Values, Path>) {
  return (
    <BilingualField form={form} label={label} paths={paths} disabled={disabled}>
      {(language, languageLabel, path) => {
        const props = {
          label: languageLabel,
          required: required && language === "ro",
          maxLength,
          disabled,
          ...form.getInputProps(path),
          // The pair's own error replaces the inputs' errors.
          ...(errorPath !== undefined && { error: language === "ro" ? form.errors[errorPath] : undefined }),
        };
        return multiline ? <Textarea autosize minRows={2} {...props} /> : <TextInput {...props} />;
      }}
    </BilingualField>
  );
}
