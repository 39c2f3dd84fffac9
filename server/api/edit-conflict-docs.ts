/** How the writes of a record the admin edits document its version check (decision 068). */

/** The rule, for an update call's description. */
export const EDIT_VERSION_RULE =
  "With `version` (the one its read gave), the save is made only if no other save came since: otherwise 409 " +
  "ERROR_EDIT_CONFLICT with the record as it is now in `current` (and `saved_at`), and nothing is changed; the check " +
  "and the write are one statement, so of two saves based on one version exactly one succeeds. Without `version`, " +
  "the save overwrites whatever is stored (spec §7).";

/** The 409's line, for the reply's description. */
export const EDIT_CONFLICT = "ERROR_EDIT_CONFLICT: another save came after the `version` sent (see `current`).";
