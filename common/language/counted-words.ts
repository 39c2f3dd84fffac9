/**
 * Romanian writes "de" between a number and what it counts from 20 on, within each hundred ("20 de
 * zile", "100 de zile", but "101 zile", "3 zile"). One rule for the offers' texts and the public prices'.
 */
export function romanianCountTakesDe(count: number): boolean {
  const rest = count % 100;
  return rest === 0 || rest >= 20;
}
