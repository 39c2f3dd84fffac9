/**
 * The activity log's line for a save (decision 073): which of the fields changed, in the admin's
 * words, e.g. 'Modificat: oferta, galeria'. Only names, never the texts themselves: the log stays one
 * line and small.
 */
export function changedFieldsSummary<T extends object>(
  before: T,
  after: Partial<T>,
  labels: Partial<Record<keyof T, string>>,
  more: readonly string[] = [],
): string {
  const changed = (Object.keys(labels) as (keyof T)[])
    .filter((key) => after[key] !== undefined && after[key] !== before[key])
    .map((key) => labels[key] ?? String(key));
  const all = [...changed, ...more];
  return all.length === 0 ? "Salvat fara modificari" : `Modificat: ${all.join(", ")}`;
}
