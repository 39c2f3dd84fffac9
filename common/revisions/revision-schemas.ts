import { z } from "../zod.ts";

/**
 * Revisions (decision 078): the state of a machine, a category or the configuration after each save,
 * as the admin's 'Istoric' panel, the API's validation and its OpenAPI document read them.
 */

export const REVISION_KINDS = ["product", "category", "configuration"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/**
 * What made a revision; `baseline` is the state an item had when its first save since revisions
 * began found it (nobody's save, kept so that save can be undone).
 */
export const REVISION_ACTIONS = ["baseline", "create", "update", "restore", "import"] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** The configuration is one item: its revisions carry this id. */
export const CONFIGURATION_ITEM = "configuration";

/** A machine's and a category's fields as a revision's changes name them, in the admin's words. */
export const REVISION_FIELD_WORDS: Record<string, string> = {
  model: "modelul",
  category: "categoria",
  header_offer: "oferta",
  details: "detaliile",
  technical_data: "datele tehnice",
  header_offer_en: "oferta (EN)",
  details_en: "detaliile (EN)",
  technical_data_en: "datele tehnice (EN)",
  units: "unitatile din flota",
  header_photo: "poza principala",
  gallery: "galeria",
  specifications: "specificatiile",
  name: "numele",
  name_en: "numele (EN)",
};

/** A field's words; a configuration key is its own name. */
export function revisionFieldWords(field: string): string {
  return REVISION_FIELD_WORDS[field] ?? field;
}

export const revisionActionSchema = z.enum(REVISION_ACTIONS);
export const revisionKindSchema = z.enum(REVISION_KINDS);
