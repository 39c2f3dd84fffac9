import { Button, Group, Modal, Stack, Text } from "@mantine/core";

interface Props {
  /** The machine whose category is in the trash too; null while the dialog is closed. */
  model: string | null;
  onChoose: (withCategory: boolean) => void;
  onClose: () => void;
}

/**
 * The question of a restore refused with TRASH_CATEGORY_IN_TRASH: both back, or the machine alone
 * without a category (the category stays in the trash and takes it back when it is restored).
 */
export function RestoreCategoryDialog({ model, onChoose, onClose }: Props) {
  return (
    <Modal
      opened={model !== null}
      onClose={onClose}
      title="Categoria este in Cos"
      closeButtonProps={{ "aria-label": "Inchideti" }}
    >
      <Stack>
        <Text size="sm">
          Categoria utilajului „{model}” este si ea in Cos. Restaurati-le pe amandoua, sau doar utilajul, fara
          categorie?
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Renuntati
          </Button>
          <Button variant="outline" onClick={() => onChoose(false)}>
            Doar utilajul
          </Button>
          <Button onClick={() => onChoose(true)} data-autofocus>
            Amandoua
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
