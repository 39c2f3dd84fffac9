import type { ProductView } from "../../../common/catalogue/catalogue-views.ts";
import { PRODUCT_TEXTS, englishOf } from "../../../common/language/product-texts.ts";
import { textChange } from "../editing/versioned-save.ts";
import { TRANSLATION } from "../ui/texts.ts";
import { PRODUCT_TEXT_LABELS } from "./product-text-rules.ts";

/**
 * What another administrator's save changed in a machine, from the version the form was filled
 * from to the stored one: its short fields with both values, its rich texts, pictures and
 * specification values by name.
 */
export function productChanges(basis: ProductView, current: ProductView): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return [
    ...textChange("Model", basis.model, current.model),
    ...textChange("Categorie", basis.category, current.category),
    ...PRODUCT_TEXTS.flatMap((name) => [
      ...textChange(PRODUCT_TEXT_LABELS[name], basis[name], current[name], false),
      ...textChange(
        TRANSLATION.englishLabel(PRODUCT_TEXT_LABELS[name]),
        basis[englishOf(name)],
        current[englishOf(name)],
        false,
      ),
    ]),
    ...(same(basis.header_photo, current.header_photo) ? [] : ["Poza oferta"]),
    ...(same(basis.gallery, current.gallery) ? [] : ["Galeria foto"]),
    ...(same(basis.specifications, current.specifications) ? [] : ["Specificatiile"]),
    ...(same(basis.prices, current.prices) ? [] : ["Preturile"]),
  ];
}
