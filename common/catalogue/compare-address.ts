import { UUID_PATTERN } from "../fields/field-rules.ts";

/**
 * The compare page's address (decision 058): `/comparare?utilaje=<uuid>,<uuid>` names the machines
 * compared, in order, by their ids, which never change when a model is renamed or moved to another
 * category. Read defensively: ids that are not uuids are dropped, repeats kept once, at most
 * COMPARE_MAX.
 */

export const COMPARE_PATH = "/comparare";
export const COMPARE_PARAMETER = "utilaje";
/** Machines side by side, at most: four columns still read on a phone, scrolled. */
export const COMPARE_MAX = 4;

export function comparePath(ids: readonly string[]): string {
  return ids.length === 0 ? COMPARE_PATH : `${COMPARE_PATH}?${COMPARE_PARAMETER}=${ids.join(",")}`;
}

export function compareIds(value: unknown): string[] {
  const texts = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  const ids: string[] = [];
  for (const text of texts) {
    if (ids.length === COMPARE_MAX) break;
    if (typeof text !== "string") continue;
    const id = text.trim().toLowerCase();
    if (UUID_PATTERN.test(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
