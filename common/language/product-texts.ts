/**
 * A product's texts the company writes (decision 049): three rich texts in Romanian, each with its
 * English in a field of its own, empty while not translated. The one list of them that the reads,
 * the revisions, the restore, the import's undo and the seed go by.
 */

export const PRODUCT_TEXTS = ["header_offer", "details", "technical_data"] as const;
export type ProductText = (typeof PRODUCT_TEXTS)[number];
export type EnglishText = `${ProductText}_en`;
export type ProductTextField = ProductText | EnglishText;

/** A text's English field. */
export const englishOf = <Field extends ProductText>(field: Field): `${Field}_en` => `${field}_en`;

/** Every text field: the Romanian ones, then their English, in the order forms and revisions show them. */
export const PRODUCT_TEXT_FIELDS: readonly ProductTextField[] = [...PRODUCT_TEXTS, ...PRODUCT_TEXTS.map(englishOf)];

export type ProductTexts = Record<ProductTextField, string>;

/** A row's text fields alone (a stored product, a revision's state), in that order. */
export function productTextsOf(row: ProductTexts): ProductTexts {
  return Object.fromEntries(PRODUCT_TEXT_FIELDS.map((field) => [field, row[field]])) as ProductTexts;
}
