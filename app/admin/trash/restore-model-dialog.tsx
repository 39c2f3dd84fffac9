import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { NAME_MAX_LENGTH } from "../../../common/fields/field-rules.ts";

interface Props {
  /** The machine's model, taken meanwhile by another; null while the dialog is closed. */
  model: string | null;
  pending: boolean;
  onRestore: (model: string) => void;
  onClose: () => void;
}

/**
 * The question of a restore refused with TRASH_MODEL_TAKEN: another machine has the model now, so
 * the restored one needs another (the server checks it as a product form's model).
 */
export function RestoreModelDialog({ model, pending, onRestore, onClose }: Props) {
  const [value, setValue] = useState("");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value.trim()) onRestore(value.trim());
  };
  return (
    <Modal opened={model !== null} onClose={onClose} title="Modelul este folosit">
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">
            Intre timp alt utilaj are modelul „{model}”. Alegeti alt model pentru utilajul restaurat.
          </Text>
          <TextInput
            label="Model nou"
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
