import { PRODUCT_TEXTS, englishOf, type ProductTexts } from "./product-texts.ts";

/**
 * How far a record's English goes: content the company writes in Romanian and, field by field, in
 * English, where an English value left empty is "not translated" (english-fallback.ts).
 */

export const TRANSLATION_STATES = ["complete", "partial", "missing"] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

/**
 * How far a record's English goes, over its translatable fields as [Romanian, English] pairs: a
 * field whose Romanian is empty needs no English.
 */
export function translationState(fields: readonly (readonly [ro: string, en: string])[]): TranslationState {
  const needed = fields.filter(([ro]) => ro.trim() !== "");
  const written = needed.filter(([, en]) => en.trim() !== "").length;
  if (written === 0 && needed.length > 0) return "missing";
  return written === needed.length ? "complete" : "partial";
}

/** The translatable fields of a category and of a product, as translationState reads them. */
export function categoryTranslation(category: { name: string; name_en: string }): TranslationState {
  return translationState([[category.name, category.name_en]]);
}

/** A product's translatable texts, each beside its English. */
export type TranslatableProduct = ProductTexts;

export function productTranslation(product: TranslatableProduct): TranslationState {
  return translationState(PRODUCT_TEXTS.map((field) => [product[field], product[englishOf(field)]]));
}
