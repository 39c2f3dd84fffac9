import type { ImagePayload } from "../../../common/schemas/image.ts";
import { newImagePayload } from "./data-url.ts";

/**
 * The pictures of a gallery or of the banner while they are edited: pictures already stored
 * (named by their image id, sent back as `{ uuid }` to be kept) and new ones (a data URL). The
 * order is the order shown publicly: the first leads.
 */
export type ListedPicture =
  { kind: "stored"; key: string; uuid: string; src: string } | { kind: "new"; key: string; name: string; src: string };

/** How a listed picture travels to the API (spec §3): a kept one as its `uuid`, a new one as base64 with its type. */
export function picturePayload(picture: ListedPicture): ImagePayload {
  return picture.kind === "stored" ? { uuid: picture.uuid } : newImagePayload(picture.src);
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1) as [T];
  next.splice(to, 0, moved);
  return next;
}
