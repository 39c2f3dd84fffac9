/**
 * The pictures of a gallery or of the banner while they are edited: pictures already stored
 * (named by their image id, sent back as `{ uuid }` to be kept) and new ones (a data URL). The
 * order is the order shown publicly: the first leads.
 */
export type ListedPicture =
  | { kind: "stored"; key: string; uuid: string; src: string }
  | { kind: "new"; key: string; name: string; src: string };

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1) as [T];
  next.splice(to, 0, moved);
  return next;
}
