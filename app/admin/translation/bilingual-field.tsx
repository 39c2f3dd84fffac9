import { Button, Group, SimpleGrid, Stack } from "@mantine/core";
import { IconCopy } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { Locale } from "../../../common/language/language.ts";
import { confirm } from "../ui/confirm.ts";
import { TRANSLATION } from "../ui/texts.ts";

interface BilingualFieldProps {
  /** The field's label; its English twin is labelled '<label> (engleza)'. */
  label: string;
  /** The two values as the form holds them (rich text: "" when the editor is empty). */
  romanian: string;
  english: string;
  /** Puts `romanian` into the English field. */
  onCopy: (romanian: string) => void;
  /** Draws the input of one language with the label it gets. */
  children: (language: Locale, label: string) => ReactNode;
  disabled?: boolean;
}

/**
 * A field written in Romanian and in English, side by side so the Romanian stays in view as the
 * reference while the English is written; when the form is too narrow for two columns the English
 * goes under the Romanian. 'Copiati din romana' fills the English with the Romanian, for texts
 * whose words alone change (a table of technical data); English already written is replaced only
 * after a yes.
 */
export function BilingualField({ label, romanian, english, onCopy, children, disabled = false }: BilingualFieldProps) {
  const englishLabel = TRANSLATION.englishLabel(label);
  const copy = async () => {
    if (english.trim() !== "" && !(await confirm(TRANSLATION.overwrite(englishLabel)))) return;
    onCopy(romanian);
  };
  return (
    // Two columns when each can be 22rem wide, one otherwise.
    <SimpleGrid minColWidth="22rem" autoFlow="auto-fit" spacing="md" verticalSpacing="md">
      {children("ro", label)}
      <Stack gap={4}>
        {children("en", englishLabel)}
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
