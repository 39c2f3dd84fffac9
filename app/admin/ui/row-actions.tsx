import { ActionIcon, Group } from "@mantine/core";
import { IconEye, IconPencil, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";

interface RowActionsProps {
  /** The edit screen of the row's record (a reader without the right to change it reads it there). */
  editPath: string;
  /** The record as the icons' labels name it for screen readers: "Modificati <name>", "Stergeti <name>". */
  name: string;
  onDelete: () => void;
  /** The reader may not change the record: one icon that opens it to read, no delete. */
  readOnly?: boolean;
}

/** The Actiuni cell of the admin lists (spec §2: edit and delete icons): a link to edit, a button to delete. */
export function RowActions({ editPath, name, onDelete, readOnly = false }: RowActionsProps) {
  if (readOnly)
    return (
      <ActionIcon component={Link} to={editPath} variant="subtle" aria-label={`Vedeti ${name}`}>
        <IconEye size={18} aria-hidden="true" />
      </ActionIcon>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon component={Link} to={editPath} variant="subtle" aria-label={`Modificati ${name}`}>
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={`Stergeti ${name}`}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
