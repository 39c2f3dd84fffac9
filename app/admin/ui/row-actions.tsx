import { ActionIcon, Group } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";

interface RowActionsProps {
  /** The edit screen of the row's record. */
  editPath: string;
  /** What the icons do to which record, for screen readers: "Modificati …", "Stergeti …". */
  editLabel: string;
  deleteLabel: string;
  onDelete: () => void;
}

/** The Actiuni cell of the admin lists (spec §2: edit and delete icons): a link to edit, a button to delete. */
export function RowActions({ editPath, editLabel, deleteLabel, onDelete }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon component={Link} to={editPath} variant="subtle" aria-label={editLabel}>
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={deleteLabel}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
