import { Button, Group, List, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { EDIT_CONFLICT } from "../ui/texts.ts";

/** What the administrator chose when their save met another's (closing the dialog keeps the form as it is). */
export type ConflictChoice = "reload" | "overwrite" | "keep";

export interface ConflictQuestion {
  /** What the other save changed, one line per field of the form. */
  changes: readonly string[];
  /** When it was saved, as the server gave it (ISO 8601), if known. */
  savedAt: string | undefined;
}

function shownTime(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const time = new Date(iso);
  return Number.isNaN(time.getTime())
    ? undefined
    : time.toLocaleString("ro-RO", { hour: "2-digit", minute: "2-digit", day: "numeric", month: "long" });
}

/**
 * The question after a save refused with 409 ERROR_EDIT_CONFLICT (decision 068): someone else saved
 * meanwhile, this is what they changed; 'Reincarcati' (their version in the form) or 'Suprascrieti'
 * (this save again, over theirs). Mantine's modal traps the focus, closes on Escape ("keep": the
 * form stays as it is, unsaved) and gives the focus back to what opened it.
 */
export function askAboutConflict(question: ConflictQuestion): Promise<ConflictChoice> {
  return new Promise((resolve) => {
    let settled = false;
    let id = "";
    const settle = (choice: ConflictChoice) => {
      if (settled) return;
      settled = true;
      modals.close(id);
      resolve(choice);
    };
    id = modals.open({
      title: EDIT_CONFLICT.title,
      size: "lg",
      onClose: () => settle("keep"),
      children: (
        <Stack>
          <Text>{EDIT_CONFLICT.message(shownTime(question.savedAt))}</Text>
          <div>
            <Text fw={600}>{EDIT_CONFLICT.changesHeading}</Text>
            {question.changes.length > 0 ? (
              <List>
                {question.changes.map((change) => (
                  <List.Item key={change}>{change}</List.Item>
                ))}
              </List>
            ) : (
              <Text>{EDIT_CONFLICT.noVisibleChange}</Text>
            )}
          </div>
          <Text size="sm">{EDIT_CONFLICT.choices}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => settle("reload")}>
              {EDIT_CONFLICT.reload}
            </Button>
            <Button color="red" onClick={() => settle("overwrite")}>
              {EDIT_CONFLICT.overwrite}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
