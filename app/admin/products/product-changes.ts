import type { ProductView } from "../../../common/catalogue/catalogue-views.ts";
import { textChange } from "../editing/versioned-save.ts";

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
    ...textChange("Antet oferta", basis.header_offer, current.header_offer, false),
    ...textChange("Antet oferta (engleza)", basis.header_offer_en, current.header_offer_en, false),
    ...textChange("Detalii", basis.details, current.details, false),
    ...textChange("Detalii (engleza)", basis.details_en, current.details_en, false),
    ...textChange("Date tehnice", basis.technical_data, current.technical_data, false),
    ...textChange("Date tehnice (engleza)", basis.technical_data_en, current.technical_data_en, false),
    ...(same(basis.header_photo, current.header_photo) ? [] : ["Poza oferta"]),
    ...(same(basis.gallery, current.gallery) ? [] : ["Galeria foto"]),
    ...(same(basis.specifications, current.specifications) ? [] : ["Specificatiile"]),
  ];
}
