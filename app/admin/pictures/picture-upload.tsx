import { Button, Group, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { useId, useRef, useState } from "react";
import { readAsDataUrl } from "./data-url.ts";
import type { ListedPicture } from "./picture-list.ts";
import { SortablePictures } from "./sortable-pictures.tsx";
import { corruptMessage, pictureCounter, screenFiles, type UploadRules } from "./upload-limits.ts";
import "@mantine/dropzone/styles.css";

/** A picture the browser itself cannot show is refused here, before it reaches the server. */
async function decodes(file: File): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

let nextKey = 0;

/** New pictures from chosen files: the limits of spec §5/§9 checked first, each refusal one message. */
export async function picturesFromFiles(
  files: readonly File[],
  present: number,
  rules: UploadRules,
): Promise<{ added: ListedPicture[]; messages: string[] }> {
  const { accepted, messages } = screenFiles(files, present, rules);
  const added: ListedPicture[] = [];
  for (const file of accepted) {
    if (!(await decodes(file))) {
      messages.push(corruptMessage(file, rules));
      continue;
    }
    nextKey += 1;
    added.push({ kind: "new", key: `new-${nextKey}`, name: file.name, src: await readAsDataUrl(file) });
  }
  return { added, messages };
}

interface PictureUploadProps {
  label: string;
  pictures: readonly ListedPicture[];
  /** Pictures already stored elsewhere on the screen that count towards the limit (the banner's). */
  countedBesides?: number;
  rules: UploadRules;
  altOf: (index: number) => string;
  onAdd: (pictures: ListedPicture[]) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (key: string) => void;
  /** Refusals, for the toasts. */
  onRejected: (messages: string[]) => void;
  disabled?: boolean;
}

/**
 * Several pictures at once (spec §2): dropped on the zone or chosen with the button, counted,
 * shown as thumbnails in order, each removable and movable.
 */
export function PictureUpload({
  label,
  pictures,
  countedBesides = 0,
  rules,
  altOf,
  onAdd,
  onMove,
  onRemove,
  onRejected,
  disabled = false,
}: PictureUploadProps) {
  const openRef = useRef<() => void>(null);
  const [reading, setReading] = useState(false);
  const labelId = useId();
  const take = async (files: File[]) => {
    setReading(true);
    try {
      const { added, messages } = await picturesFromFiles(files, countedBesides + pictures.length, rules);
      if (messages.length > 0) onRejected(messages);
      if (added.length > 0) onAdd(added);
    } finally {
      setReading(false);
    }
  };
  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={500} size="sm">
        {label}
      </Text>
      <Dropzone
        onDrop={() => undefined}
        onDropAny={(files, rejections) => void take([...files, ...rejections.map((rejection) => rejection.file)])}
        accept={[...rules.accept]}
        multiple
        openRef={openRef}
        activateOnClick={false}
        activateOnKeyboard={false}
        // The button inside must be clickable (Mantine turns pointer events off inside the zone).
        enablePointerEvents
        // The plain file input everywhere (the File System Access picker differs between browsers).
        useFsAccessApi={false}
        loading={reading}
        disabled={disabled}
        inputProps={{ "aria-label": label }}
      >
        <Group justify="center" gap="sm" mih={80}>
          <Text size="sm" c="dimmed">
            Trageti pozele aici sau
          </Text>
          <Button variant="default" onClick={() => openRef.current?.()} disabled={disabled}>
            Alegeti poze
          </Button>
        </Group>
      </Dropzone>
      <Text size="sm" aria-live="polite">
        {pictureCounter(pictures.length)}
      </Text>
      {pictures.length > 0 && (
        <SortablePictures pictures={pictures} altOf={altOf} onMove={onMove} onRemove={onRemove} disabled={disabled} />
      )}
    </Stack>
  );
}
