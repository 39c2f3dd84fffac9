import { z } from "../zod.ts";
import { editVersionField } from "../fields/schema-fields.ts";
import { productUpdateSchema } from "../schemas/product.ts";
import { confirmValueChangesField } from "../specifications/specification-input.ts";

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

/**
 * A machine's and a category's fields, and the configuration's keys, as a revision's changes (and the
 * Jurnal's "Modificat: …") name them, in the admin's words.
 */
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
  prices: "preturile",
  header_photo: "poza principala",
  gallery: "galeria",
  specifications: "specificatiile",
  name: "numele",
  name_en: "numele (EN)",
  contact_mail_to: "adresa de e-mail (contact principal)",
  contact_mail_subject: "subiectul e-mailurilor",
  contact_phone: "numarul de telefon (contact principal)",
  contact_mail_to_second: "adresa de e-mail (al doilea contact)",
  contact_phone_second: "numarul de telefon (al doilea contact)",
  show_availability: "afisarea disponibilitatii",
  price_currency: "moneda preturilor",
  price_vat_rate: "cota TVA",
  show_prices: "afisarea preturilor",
  second_factor_required: "autentificarea in doi pasi obligatorie",
  offer_validity_days: "valabilitatea ofertelor",
  offer_terms: "conditiile de inchiriere",
  offer_terms_en: "conditiile de inchiriere (EN)",
  company_legal_name: "denumirea firmei",
  company_cui: "codul fiscal (CUI)",
  company_reg_com: "numarul de la Registrul Comertului",
  company_address: "adresa firmei",
  company_iban: "IBAN-ul firmei",
};

/** A field's words; a key without words (one added later) is its own name. */
export function revisionFieldWords(field: string): string {
  return REVISION_FIELD_WORDS[field] ?? field;
}

/** A page of an item's revisions; an item keeps REVISION_LIMIT (50 by default, 1000 at most). */
export const REVISION_PAGE_SIZE = 20;
export const REVISION_MAX_OFFSET = 1000;

/** GET /api/revisions: whose revisions, from where. */
export const revisionListQuerySchema = z.object({
  kind: z.enum(REVISION_KINDS, { error: "INVALID_REVISION_KIND" }),
  item: z
    .string({ error: "INVALID_REVISION_ITEM" })
    .regex(/^(configuration|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/, {
      error: "INVALID_REVISION_ITEM",
    })
    .transform((value) => value.toLowerCase())
    .meta({ description: "The machine's or category's uuid; `configuration` for the configuration." }),
  offset: z
    .string({ error: "INVALID_REVISION_OFFSET" })
    .regex(/^\d{1,4}$/, { error: "INVALID_REVISION_OFFSET" })
    .transform(Number)
    .pipe(z.number().int().max(REVISION_MAX_OFFSET, { error: "INVALID_REVISION_OFFSET" }))
    .optional(),
});
export type RevisionListQuery = z.output<typeof revisionListQuerySchema>;

export const revisionEntrySchema = z.object({
  id: z.string(),
  at: z.string().meta({ description: "ISO-8601, UTC." }),
  userName: z.string().meta({ description: "Empty for the state found before the history began." }),
  action: z.enum(REVISION_ACTIONS),
  summary: z.string(),
  /** The import that made it, to undo the import as one step. */
  importId: z.string().nullable(),
});
export type RevisionEntry = z.output<typeof revisionEntrySchema>;

export const revisionPageSchema = z.object({
  items: z.array(revisionEntrySchema),
  offset: z.number().int(),
  hasMore: z.boolean(),
});
export type RevisionPage = z.output<typeof revisionPageSchema>;

/** A piece of a rich text's word diff: kept, inserted or deleted words. */
export const wordChangeSchema = z.object({ text: z.string(), change: z.enum(["same", "added", "removed"]) });
export type WordChange = z.output<typeof wordChangeSchema>;

/** One field's change, in words: a rich text as its plain text, with its words' diff. */
export const revisionChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string(),
  after: z.string(),
  words: z.array(wordChangeSchema).optional().meta({ description: "A rich text's change, word by word." }),
});
export type RevisionChange = z.output<typeof revisionChangeSchema>;

export const revisionDetailSchema = revisionEntrySchema.extend({
  kind: z.enum(REVISION_KINDS),
  itemId: z.string(),
  /** When the revision its changes are read against was saved; null for an item's oldest kept revision. */
  previousAt: z.string().nullable(),
  changes: z.array(revisionChangeSchema),
});
export type RevisionDetail = z.output<typeof revisionDetailSchema>;

/** POST /api/revisions/{id}/restore: based on the item's version as the form read it. */
export const revisionRestoreSchema = z.object({
  version: editVersionField,
  /** A category's restore that drops or reinterprets machines' values (409 SPECIFICATION_VALUES_AFFECTED), confirmed. */
  confirm_value_changes: confirmValueChangesField,
  /** A machine's restore to fewer units than its confirmed bookings take (409 PRODUCT_UNITS_BELOW_BOOKINGS), confirmed. */
  confirm_overbooking: productUpdateSchema.shape.confirm_overbooking,
});
export type RevisionRestoreInput = z.output<typeof revisionRestoreSchema>;

export const revisionRestoredSchema = z.object({ kind: z.enum(REVISION_KINDS), itemId: z.string() });
export type RevisionRestored = z.output<typeof revisionRestoredSchema>;

/** POST /api/revisions/imports/{id}/undo: how many machines went back to their version before the import. */
export const importUndoneSchema = z.object({
  /** Machines the import changed, back at their version before it. */
  restored: z.number().int(),
  /** Machines the import created, moved to the trash. */
  removed: z.number().int(),
});
export type ImportUndone = z.output<typeof importUndoneSchema>;
