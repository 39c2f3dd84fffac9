import { api } from "../api/api-client.ts";
import type { RunAction } from "../api/use-api-action.ts";
import { confirm, type ConfirmOptions } from "../ui/confirm.ts";
import { toast } from "../ui/toasts.ts";

export interface DeleteRequest {
  /** The question asked first; its confirm button is red. */
  question: Omit<ConfirmOptions, "danger">;
  /** The API path the DELETE goes to. */
  path: string;
  /** The success toast (spec §8). */
  success: string;
  /** What the screen does once the record is gone: drop its row, reload the list, leave its page. */
  onDeleted: () => void | Promise<void>;
}

/**
 * How every admin screen deletes (spec §2, §4): the confirmation dialog, then — only when
 * confirmed — the API delete, the success toast and `onDeleted`. The dialog is asked before the
 * action starts, so the screen's buttons show no loader while the question is open; the delete
 * runs through the screen's `run` (useApiAction), so its `pending` covers the call and a second
 * click sends nothing. Resolves true once deleted.
 */
export async function deleteAfterConfirm(run: RunAction, request: DeleteRequest): Promise<boolean> {
  if (!(await confirm({ ...request.question, danger: true }))) return false;
  return run(async () => {
    await api.delete(request.path);
    toast.success(request.success);
    await request.onDeleted();
  });
}
