import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { NAME_MAX_LENGTH } from "../../../common/fields/field-rules.ts";

/** What another record took meanwhile, and how the dialog asks for a new one. */
export interface NameQuestion {
  title: string;
  message: string;
  label: string;
}

interface Props {
  /** null while the dialog is closed. */
  question: NameQuestion | null;
  pending: boolean;
  onRestore: (name: string) => void;
  onClose: () => void;
}

/**
 * The question of a restore refused with TRASH_MODEL_TAKEN or TRASH_CATEGORY_TAKEN: another record
 * has the name now, so the restored one needs another (the server checks it as its form's).
 */
export function RestoreNameDialog({ question, pending, onRestore, onClose }: Props) {
  const [value, setValue] = useState("");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value.trim()) onRestore(value.trim());
  };
  return (
    <Modal
      opened={question !== null}
      onClose={onClose}
      title={question?.title}
      closeButtonProps={{ "aria-label": "Inchideti" }}
    >
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">{question?.message}</Text>
          <TextInput
            label={question?.label}
            required
            maxLength={NAME_MAX_LENGTH}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Renuntati
            </Button>
            <Button type="submit" loading={pending}>
              Restaurati
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
