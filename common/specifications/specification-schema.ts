import { z } from "../zod.ts";
import { UNIT_KEYS } from "./units.ts";

/**
 * A category's specifications (its typed figures: operating weight, digging depth, drive, cab…),
 * defined once per category in both languages, and each machine's values for them. The definitions
 * ride on the category's payloads and replies, the values on the product's, as additive fields: a
 * client of spec §7 that never sends them changes nothing. Replies, pages, forms and the server all
 * read these shapes; the server adds what needs the database (ids of this category, stored values).
 */

export const SPECIFICATION_KINDS = ["number", "choice", "yes_no", "text"] as const;
export type SpecificationKind = (typeof SPECIFICATION_KINDS)[number];

export const SPECIFICATIONS_MAX = 30;
/** Figures a category's cards show, at most. */
export const CARD_SPECIFICATIONS_MAX = 3;
export const SPECIFICATION_OPTIONS_MIN = 2;
export const SPECIFICATION_OPTIONS_MAX = 20;
export const SPECIFICATION_NAME_MAX_LENGTH = 60;
export const SPECIFICATION_TEXT_MAX_LENGTH = 120;
/** A number's largest magnitude and its decimals: enough for any machine's figure, no float noise. */
export const SPECIFICATION_NUMBER_MAX = 1_000_000_000;
export const SPECIFICATION_NUMBER_DECIMALS = 3;

/** One option of a choice, as replies give it; `key` names it in filter addresses (language-neutral, stable). */
export const specificationOptionViewSchema = z.object({
  uuid: z.uuid(),
  key: z.string(),
  name: z.string(),
  name_en: z.string().meta({ description: "English; empty while not translated (pages then show `name`)." }),
});
export type SpecificationOptionView = z.infer<typeof specificationOptionViewSchema>;

/** A definition as replies give it, in the category's order. */
export const specificationViewSchema = z.object({
  uuid: z.uuid(),
  /** Names the specification in filter addresses: made from the Romanian name once, kept on rename. */
  key: z.string(),
  name: z.string(),
  name_en: z.string().meta({ description: "English; empty while not translated (pages then show `name`)." }),
  kind: z.enum(SPECIFICATION_KINDS),
  /** A number's unit (a key of UNITS), or null for a plain count; null for the other kinds. */
  unit: z.enum(UNIT_KEYS).nullable(),
  /** A choice's options, in order; empty for the other kinds. */
  options: z.array(specificationOptionViewSchema),
  /** Shown on the category's cards (at most CARD_SPECIFICATIONS_MAX per category). */
  on_card: z.boolean(),
  /** Offered as a filter on the category's page. */
  filter: z.boolean(),
});
export type SpecificationView = z.infer<typeof specificationViewSchema>;

/**
 * A machine's value: a number (in the definition's unit), a choice's option uuid, yes/no, or a text
 * in both languages (`en` empty while not translated).
 */
export const specificationValueSchema = z.union([
  z.number(),
  z.string(),
  z.boolean(),
  z.object({ ro: z.string(), en: z.string() }),
]);
export type SpecificationValue = z.infer<typeof specificationValueSchema>;

/** A machine's values by specification uuid; a specification without a value is absent. */
export const specificationValuesSchema = z.record(z.uuid(), specificationValueSchema);
export type SpecificationValues = z.infer<typeof specificationValuesSchema>;
