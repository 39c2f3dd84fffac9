import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ConfigurationEntry } from "../../common/catalogue/catalogue-views.ts";
import { revisionFieldWords } from "../../common/revisions/revision-schemas.ts";
import { CONFIGURATION_KEYS } from "../../common/schemas/configuration-keys.ts";
import { configurationSchema, type ConfigurationUpdateInput } from "../../common/schemas/configuration.ts";
import { insertConfiguration, listConfiguration, updateConfigurationValue } from "../db/repositories/configuration.ts";
import type { Database } from "../db/schema.ts";
import { withDuplicatesAs } from "../db/unique-violation.ts";
import { validated } from "../core/validation.ts";
import { HttpError, notFound } from "../core/errors.ts";
import type { CatalogueServices } from "./services.ts";
import { EditConflict } from "../writes/edit-conflict.ts";
import { writeAndRenewPages } from "../writes/write-and-renew-pages.ts";
import { configurationEntries } from "./read.ts";
import { logActivity, type Actor } from "../activity/activity-log.ts";
import { recordRevision, restoreWords, revisionBaseline, type RevisionRestore } from "../revisions/record-revision.ts";

/** 409 ERROR_EDIT_CONFLICT with the settings as they are now, and when they were last saved. */
async function conflict(db: Kysely<Database>): Promise<EditConflict<ConfigurationEntry[]>> {
  const rows = await listConfiguration(db);
  const savedAt = rows
    .map((row) => row.updated_at)
    .sort()
    .at(-1);
  return new EditConflict(await configurationEntries(db), savedAt);
}

/**
 * PUT /configuration/update (spec §7): the entries sent replace the stored values of their keys; the
 * whole configuration that results must pass the rules of spec §5, so an entry left out keeps its
 * stored value and is checked with the rest. An entry's `uuid`, when sent, must be that key's row;
 * a key with no row yet (a new database) gets one. Values are stored normalized (phones without spaces).
 * An entry's `version`, when sent, must be its row's (decision 068): the settings are refused whole
 * with 409 ERROR_EDIT_CONFLICT when another save changed any entry the form read.
 */
export async function updateConfiguration(
  services: CatalogueServices,
  actor: Actor,
  entries: ConfigurationUpdateInput,
  restore?: Pick<RevisionRestore, "at">,
): Promise<ConfigurationEntry[]> {
  const words = restore && restoreWords(restore);
  const now = new Date().toISOString();
  const write = () =>
    writeAndRenewPages(services, async (trx) => {
      const baseline = await revisionBaseline(trx, { kind: "configuration" });
      const rows = await listConfiguration(trx);
      const stored = new Map(rows.map((row) => [row.key, row]));
      for (const entry of entries) {
        const row = stored.get(entry.key);
        if (entry.uuid !== undefined && row?.id !== entry.uuid.toLowerCase())
          throw notFound("ERROR_UPDATE_CONFIGURATIONS");
        // An entry read at a version another save replaced (or read where there is none): the
        // settings changed under the form, whatever this save's values are.
        if (entry.version !== undefined && row?.version !== entry.version) throw await conflict(trx);
      }
      const merged = Object.fromEntries(CONFIGURATION_KEYS.map((key) => [key, stored.get(key)?.value ?? ""]));
      for (const entry of entries) merged[entry.key] = entry.value;
      const checked = await validated(configurationSchema, merged);
      const changedKeys = entries.filter(({ key }) => stored.get(key)?.value !== checked[key]).map(({ key }) => key);
      const changed =
        changedKeys.length === 0
          ? "Salvat fara modificari"
          : `Modificat: ${changedKeys.map(revisionFieldWords).join(", ")}`;
      await logActivity(trx, actor, {
        action: words ? "restore" : "update",
        kind: "configuration",
        itemId: null,
        itemName: "Configurare",
        summary: words ? `${words} din Istoric. ${changed}` : changed,
      });
      for (const { key, version } of entries) {
        const value = checked[key];
        const row = stored.get(key);
        if (!row) await insertConfiguration(trx, [{ id: randomUUID(), key, value, updated_at: now }]);
        else if (!(await updateConfigurationValue(trx, row.id, { value, updatedAt: now, version })))
          throw await conflict(trx);
      }
      await recordRevision(
        trx,
        actor,
        { kind: "configuration" },
        words ? { baseline, action: "restore", summary: words } : { baseline },
      );
    });
  // Two first saves at once may both insert the same key: the second is told to try again.
  await withDuplicatesAs(write, () => new HttpError(409, "ERROR_UPDATE_CONFIGURATIONS"));
  return configurationEntries(services.db);
}
