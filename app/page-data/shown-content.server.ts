import type { CategoryView, PictureView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { languageOfRequest, type Locale } from "../../common/language/language.ts";
import { shownText, type ShownText } from "../../common/language/english-fallback.ts";
import { categoryTranslation, productTranslation } from "../../common/language/translation-state.ts";
import { PRODUCT_TEXTS, englishOf, type ProductText } from "../../common/language/product-texts.ts";

/**
 * The catalogue as a page in one language shows it: each text the company writes in that language,
 * or its Romanian with `lang: "ro"` where the English is not written (common/language/english-fallback.ts). Done
 * by the loaders, so a page carries one language of its texts, not both.
 */

export function pageLanguage(request: Request): Locale {
  return languageOfRequest(new URL(request.url), request.headers.get("Cookie"));
}

export interface ShownCategory {
  uuid: string;
  slug: string;
  name: ShownText;
}

export function shownCategory(
  category: Pick<CategoryView, "uuid" | "slug" | "name" | "name_en">,
  language: Locale,
): ShownCategory {
  return { uuid: category.uuid, slug: category.slug, name: shownText(category.name, category.name_en, language) };
}

export interface ShownProduct extends Record<ProductText, ShownText> {
  uuid: string;
  model: string;
  slug: string;
  category: ShownText;
  category_slug: string | null;
  header_photo: PictureView;
  gallery: PictureView[];
  /** Whether its main content has English: an English page without it is announced in Romanian only. */
  translated: boolean;
}

export function shownProduct(product: ProductView, language: Locale): ShownProduct {
  return {
    uuid: product.uuid,
    model: product.model,
    slug: product.slug,
    category: shownText(product.category, product.category_en, language),
    category_slug: product.category_slug,
    ...(Object.fromEntries(
      PRODUCT_TEXTS.map((field) => [field, shownText(product[field], product[englishOf(field)], language)]),
    ) as Record<ProductText, ShownText>),
    header_photo: product.header_photo,
    gallery: product.gallery,
    translated: productTranslation(product) !== "missing",
  };
}

/** Whether a category page's main content (its name; its machines have their own pages) has English. */
export function categoryTranslated(category: Pick<CategoryView, "name" | "name_en">): boolean {
  return categoryTranslation(category) !== "missing";
}
