import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from "@dnd-kit/core";
import { SortableContext, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Group, Image, Paper } from "@mantine/core";
import type { ListedPicture } from "./picture-list.ts";
import classes from "./sortable-pictures.module.css";

/**
 * Thumbnails in their public order, reordered by dragging or from the keyboard (Tab to a
 * picture's handle, Space to lift, arrows to move, Space to drop, Escape to cancel), each with its
 * remove button. The announcements tell a screen reader where the picture went, in Romanian.
 */

const instructions: ScreenReaderInstructions = {
  draggable:
    "Pentru a muta poza, apasati Spatiu, folositi sagetile pentru a o deplasa, apoi Spatiu pentru a o lasa sau Escape pentru a renunta.",
};

function announcements(position: (id: string | number) => number): Announcements {
  const at = (id: string | number | undefined) => (id === undefined ? "" : String(position(id) + 1));
  return {
    onDragStart: ({ active }) => `Ati ridicat poza ${at(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `Poza ${at(active.id)} este acum pe pozitia ${at(over.id)}.` : ""),
    onDragEnd: ({ active, over }) =>
      over ? `Poza ${at(active.id)} a fost mutata pe pozitia ${at(over.id)}.` : "Poza nu a fost mutata.",
    onDragCancel: ({ active }) => `Mutarea pozei ${at(active.id)} a fost anulata.`,
  };
}

interface SortablePicturesProps {
  pictures: readonly ListedPicture[];
  altOf: (index: number) => string;
  onMove: (from: number, to: number) => void;
  onRemove: (key: string) => void;
  disabled?: boolean;
}

export function SortablePictures({ pictures, altOf, onMove, onRemove, disabled = false }: SortablePicturesProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = pictures.map((picture) => picture.key);
  const position = (id: string | number) => keys.indexOf(String(id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) onMove(position(active.id), position(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ screenReaderInstructions: instructions, announcements: announcements(position) }}
    >
      <SortableContext items={keys} strategy={rectSortingStrategy} disabled={disabled}>
        <ol className={classes.grid} aria-label="Ordinea pozelor">
          {pictures.map((picture, index) => (
            <SortablePicture
              key={picture.key}
              picture={picture}
              alt={altOf(index)}
              index={index}
              onRemove={() => onRemove(picture.key)}
              disabled={disabled}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface SortablePictureProps {
  picture: ListedPicture;
  alt: string;
  index: number;
  onRemove: () => void;
  disabled: boolean;
}

function SortablePicture({ picture, alt, index, onRemove, disabled }: SortablePictureProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: picture.key,
  });
  const number = index + 1;
  return (
    <li
      ref={setNodeRef}
      className={classes.item}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <Paper withBorder p={4} radius="sm">
        <Image src={picture.src} alt={alt} w={120} h={120} fit="cover" radius="sm" />
        <Group justify="space-between" gap={4} mt={4}>
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={classes.handle}
            {...attributes}
            {...listeners}
            aria-label={`Mutati poza ${number}`}
            disabled={disabled}
          >
            <span aria-hidden="true">⠿</span>
          </button>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={`Stergeti poza ${number}`}
            disabled={disabled}
          >
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        </Group>
      </Paper>
    </li>
  );
}
