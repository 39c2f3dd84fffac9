import type { ErrorBody } from "../../common/errors/error-codes.ts";
import { HttpError } from "../core/errors.ts";

/**
 * 409 ERROR_EDIT_CONFLICT (decision 068): a save named the version it was based on, and another save
 * has replaced that version since. The reply carries the record as it is now (its new `version`
 * among its fields) and when it was saved, where the row keeps that, so the form can show what the
 * other save changed and offer to reload it or to overwrite it knowingly.
 */
export class EditConflict<Current> extends HttpError {
  readonly current: Current;
  readonly savedAt: string | undefined;
  constructor(current: Current, savedAt?: string) {
    super(409, "ERROR_EDIT_CONFLICT");
    this.current = current;
    this.savedAt = savedAt;
  }

  override body(): ErrorBody & { error: { current: Current; saved_at?: string } } {
    const { error } = super.body();
    return { error: { ...error, current: this.current, ...(this.savedAt ? { saved_at: this.savedAt } : {}) } };
  }
}
