import type { ErrorCode } from "../../../common/errors/error-codes.ts";
import { z } from "../../../common/zod.ts";
import { ApiError } from "../api/api-client.ts";
import { confirm } from "../ui/confirm.ts";
import { askAboutConflict } from "./edit-conflict-dialog.tsx";
import { EDIT_CONFLICT } from "../ui/texts.ts";
import { toast } from "../ui/toasts.ts";

/**
 * A form's save of a record that another administrator may have saved since it was opened (decision
 * 068). The save names the version it is based on; when the server refuses it with 409
 * ERROR_EDIT_CONFLICT, the administrator sees what the other save changed and chooses:
 * 'Reincarcati' (after a confirmation, the form shows the stored record, their edits dropped) or
 * 'Suprascrieti' (the same save again, based on the stored version, so it goes through knowingly).
 */

export const EDIT_CONFLICT_CODE = "ERROR_EDIT_CONFLICT" satisfies ErrorCode;

export interface VersionedSave<Stored, Reply> {
  /** The record the form was filled from (or last reloaded or saved). */
  basis: Stored;
  /** Sends the save based on this record's version; `handled` goes to the api call. */
  send: (basis: Stored, handled: readonly ErrorCode[]) => Promise<Reply>;
  /** The reply's shape of the record, to read the refusal's `current`. */
  schema: z.ZodType<Stored>;
  /** What the other save changed, from the form's basis to the stored record, one line per field. */
  changes: (basis: Stored, current: Stored) => string[];
  /** Shows the stored record in the form, its basis from then on. */
  reload: (current: Stored) => void;
}

function conflictOf<Stored>(
  error: unknown,
  schema: z.ZodType<Stored>,
): { current: Stored; savedAt: string | undefined } | undefined {
  if (!(error instanceof ApiError) || error.codes[0] !== EDIT_CONFLICT_CODE) return undefined;
  const parsed = z.object({ current: schema, saved_at: z.string().optional() }).safeParse(error.error);
  return parsed.success ? { current: parsed.data.current, savedAt: parsed.data.saved_at } : undefined;
}

/** Resolves with the reply of the save made, or undefined when none was (reloaded, or left as it is). */
export async function saveVersioned<Stored, Reply>(save: VersionedSave<Stored, Reply>): Promise<Reply | undefined> {
  let basis = save.basis;
  for (;;) {
    try {
      return await save.send(basis, [EDIT_CONFLICT_CODE]);
    } catch (error) {
      const conflict = conflictOf(error, save.schema);
      if (!conflict) throw error;
      const choice = await askAboutConflict({
        changes: save.changes(basis, conflict.current),
        savedAt: conflict.savedAt,
      });
      if (choice === "overwrite") {
        basis = conflict.current;
        continue;
      }
      if (choice === "reload" && (await confirm({ ...EDIT_CONFLICT.reloadQuestion, danger: true }))) {
        save.reload(conflict.current);
        toast.info(EDIT_CONFLICT.reloaded);
      }
      return undefined;
    }
  }
}

/** A text field's line when the other save changed it: its label, and both values when they are short. */
export function textChange(label: string, before: string, after: string, shown = true): string[] {
  if (before === after) return [];
  const quoted = (text: string) => (text === "" ? EDIT_CONFLICT.empty : text);
  return [shown ? EDIT_CONFLICT.changed(label, quoted(before), quoted(after)) : EDIT_CONFLICT.changed(label)];
}
