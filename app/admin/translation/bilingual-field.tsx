import { Button, Group, SimpleGrid, Stack } from "@mantine/core";
import type { LooseKeys, UseFormReturnType, UseWatchValue } from "@mantine/form";
import { IconCopy } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { Locale } from "../../../common/language/language.ts";
import { confirm } from "../ui/confirm.ts";
import { TRANSLATION } from "../ui/texts.ts";

/** What Mantine's types say the form holds at `Path`: `any` where they cannot follow the path. */
type ValueAt<Values, Path extends LooseKeys<Values>> = ReturnType<UseWatchValue<Values, Path>>;

/**
 * `Path` when the form holds a text there, `never` (a type error) when it holds anything else, as
 * far as Mantine's types can tell: a literal path is followed into objects and lists
 * (`specifications.${number}.name`), a mere string is not.
 */
export type TextPath<Values, Path extends LooseKeys<Values>> = Path &
  (ValueAt<Values, Path> extends string ? unknown : never);

interface BilingualFieldProps<Values, Path extends LooseKeys<Values>> {
  form: UseFormReturnType<Values>;
  /** The field's label; its English twin is labelled '<label> (engleza)'. */
  label: string;
  /** Where the form holds the text of each language (rich text: "" when the editor is empty). */
  paths: Record<Locale, TextPath<Values, Path>>;
  /** Draws the input of one language with the label it gets and the path of its text. */
  children: (language: Locale, label: string, path: Path) => ReactNode;
  disabled?: boolean;
}

/**
 * A field written in Romanian and in English, side by side so the Romanian stays in view as the
 * reference while the English is written; when the form is too narrow for two columns the English
 * goes under the Romanian. 'Copiati din romana' fills the English with the Romanian, for texts
 * whose words alone change (a table of technical data); English already written is replaced only
 * after a yes. The inputs are the caller's (BilingualTextField draws plain texts).
 */
export function BilingualField<Values, const Path extends LooseKeys<Values>>({
  form,
  label,
  paths,
  children,
  disabled = false,
}: BilingualFieldProps<Values, Path>) {
  const englishLabel = TRANSLATION.englishLabel(label);
  const englishPath: Path = paths.en;
  const romanian = textAt(form, paths.ro);
  const copy = async () => {
    if (textAt(form, englishPath).trim() !== "" && !(await confirm(TRANSLATION.overwrite(englishLabel)))) return;
    // `paths` holds texts (TextPath, checked where the caller's values are known); inside this
    // generic code TypeScript cannot see it.
    form.setFieldValue(englishPath, romanian as ValueAt<Values, Path>);
  };
  return (
    // Two columns when each can be 22rem wide, one otherwise.
    <SimpleGrid minColWidth="22rem" autoFlow="auto-fit" spacing="md" verticalSpacing="md">
      {children("ro", label, paths.ro)}
      <Stack gap={4}>
        {children("en", englishLabel, englishPath)}
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCopy size={16} aria-hidden="true" />}
            onClick={() => void copy()}
            disabled={disabled || romanian.trim() === ""}
            aria-label={TRANSLATION.copyName(englishLabel)}
          >
            {TRANSLATION.copy}
          </Button>
        </Group>
      </Stack>
    </SimpleGrid>
  );
}

/**
 * The text at `path` as the inputs show it (the admin's forms are controlled: useSchemaForm); ""
 * while the form holds none there (a text specification never given).
 */
function textAt<Values>(form: UseFormReturnType<Values>, path: LooseKeys<Values>): string {
  const value: unknown = form.getInputProps(path).value;
  return typeof value === "string" ? value : "";
}
