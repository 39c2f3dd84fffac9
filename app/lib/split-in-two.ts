/** Two columns of a list; the left one gets the larger half when the count is odd (spec §2, home). */
export function splitInTwo<T>(items: readonly T[]): [T[], T[]] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}
