import { randomUUID } from "node:crypto";
import { buildAltText } from "../../common/media/alt-text.ts";
import { CONFIGURATION_KEYS } from "../../common/schemas/configuration-keys.ts";
import { toSlug } from "../../common/text/slug.ts";
import type { SpecificationValue } from "../../common/specifications/specification-schema.ts";
import { newOptionKey, newSpecificationKey } from "../catalogue/specification-keys.ts";
import { valueRow } from "../catalogue/specification-values.ts";
import type {
  NewBooking,
  NewConfiguration,
  NewBanner,
  NewCategory,
  NewProduct,
  NewProductSpecificationValue,
  NewSpecification,
  NewSpecificationOption,
} from "../db/schema.ts";
import {
  DEMO_BANNERS,
  DEMO_CATEGORIES,
  DEMO_CONFIGURATION,
  DEMO_PRODUCTS,
  type DemoCategory,
  type DemoProduct,
} from "./demo-data.ts";
import { bannerPictureSvg, machinePictureSvg } from "./machine-pictures.ts";
import { demoPriceColumns } from "./demo-prices.ts";
import { productHtml } from "./product-html.ts";
import { DEMO_FLEET, planDemoBookings } from "./demo-bookings.ts";

/**
 * The demo data turned into the rows to insert, in Romanian and English, with a drawing (SVG) and an
 * alt text for every picture. Nothing is rendered or written here, so the plan is cheap to build.
 */

export interface PlannedImage {
  id: string;
  alt: string;
  svg: string;
}

export interface DemoPlan {
  images: PlannedImage[];
  categories: NewCategory[];
  specifications: NewSpecification[];
  options: NewSpecificationOption[];
  products: NewProduct[];
  values: NewProductSpecificationValue[];
  bookings: NewBooking[];
  galleries: { productId: string; imageIds: string[] }[];
  banners: NewBanner[];
  configuration: NewConfiguration[];
}

/** Product headers are square like the admin's 1:1 crop; gallery and category pictures are 4:3. */
const HEADER_SIZE = { width: 1200, height: 1200 };
const PHOTO_SIZE = { width: 1200, height: 900 };
/** How a product's demo value of one specification becomes its stored row. */
export type ValueMaker = (productId: string, value: DemoProduct["values"][string]) => NewProductSpecificationValue;

export function planDemoCatalogue(now: string): DemoPlan {
  const images: PlannedImage[] = [];
  const addImage = (alt: string, svg: string): string => {
    const id = randomUUID();
    images.push({ id, alt, svg });
    return id;
  };

  const categoryIds = new Map<string, string>();
  const categories = DEMO_CATEGORIES.map((category, index): NewCategory => {
    const id = randomUUID();
    categoryIds.set(category.name, id);
    // A picture is the same on the Romanian and the English page: its words are in both languages.
    const svg = machinePictureSvg({
      kind: category.kind,
      title: category.name,
      subtitle: category.name_en,
      variant: index % 3,
      tone: 0,
      ...PHOTO_SIZE,
    });
    const header_image_id = addImage(buildAltText(category.name, "presentation", 1), svg);
    return {
      id,
      name: category.name,
      name_en: category.name_en,
      slug: toSlug(category.name),
      header_image_id,
      created_at: now,
      updated_at: now,
    };
  });

  const specifications: NewSpecification[] = [];
  const options: NewSpecificationOption[] = [];
  /** Per category, the stored form of a product's value by the specification's Romanian name. */
  const valueMakers = new Map<string, Map<string, ValueMaker>>();
  for (const category of DEMO_CATEGORIES) {
    const categoryId = categoryIds.get(category.name) ?? "";
    valueMakers.set(category.name, planSpecifications(category, categoryId, now, specifications, options));
  }

  const values: NewProductSpecificationValue[] = [];
  const galleries: DemoPlan["galleries"] = [];
  const products = DEMO_PRODUCTS.map((product, index): NewProduct => {
    const category = DEMO_CATEGORIES.find((candidate) => candidate.name === product.category);
    const categoryId = categoryIds.get(product.category);
    if (!category || !categoryId) throw new Error(`Demo product ${product.model} names an unknown category`);
    const picture = (variant: number, size: typeof PHOTO_SIZE) =>
      machinePictureSvg({
        kind: category.kind,
        title: product.model,
        subtitle: `${category.name} · ${category.name_en}`,
        variant,
        tone: index,
        ...size,
      });
    // Headers avoid the close-up variant; the gallery continues from the header's variant.
    const headerVariant = index % 3;
    const id = randomUUID();
    const header_image_id = addImage(
      buildAltText(product.model, "presentation", 1),
      picture(headerVariant, HEADER_SIZE),
    );
    const imageIds = Array.from({ length: product.galleryCount }, (_, position) => {
      const variant = headerVariant + 1 + position;
      const svg = picture(variant, PHOTO_SIZE);
      return addImage(buildAltText(product.model, "photo", position + 1), svg);
    });
    galleries.push({ productId: id, imageIds });
    const makers = valueMakers.get(category.name);
    for (const [name, value] of Object.entries(product.values)) {
      const make = makers?.get(name);
      if (!make)
        throw new Error(
          `Demo product ${product.model} has a value for ${name}, not a specification of ${category.name}`,
        );
      values.push(make(id, value));
    }
    return {
      id,
      model: product.model,
      slug: toSlug(product.model),
      category_id: categoryId,
      ...productHtml(product, category),
      ...demoPriceColumns(product, category),
      header_image_id,
      units: DEMO_FLEET[product.model] ?? 1,
      created_at: now,
      updated_at: now,
    };
  });

  // The picture has no words: the banner's words are its caption, in either language.
  const banners = DEMO_BANNERS.map((banner, position): NewBanner => {
    const image_id = addImage(banner.alt, bannerPictureSvg({ kinds: banner.kinds, variant: position }));
    return {
      id: randomUUID(),
      image_id,
      position,
      caption: banner.title,
      caption_en: banner.title_en,
      alt_en: banner.alt_en,
      created_at: now,
    };
  });

  const configuration = CONFIGURATION_KEYS.map((key): NewConfiguration => ({
    id: randomUUID(),
    key,
    value: DEMO_CONFIGURATION[key],
    updated_at: now,
  }));

  const bookings = planDemoBookings(products, now);

  return {
    images,
    categories,
    specifications,
    options,
    products,
    values,
    galleries,
    banners,
    configuration,
    bookings,
  };
}

/**
 * A category's specification and option rows (appended to the lists), and for each specification the
 * way a product's demo value becomes its row: a choice's option named by its Romanian text. The
 * benches' large catalogue gives each of its categories a demo category's specifications this way.
 */
export function planSpecifications(
  category: DemoCategory,
  categoryId: string,
  now: string,
  specifications: NewSpecification[],
  options: NewSpecificationOption[],
): Map<string, ValueMaker> {
  const keys = new Set<string>();
  return new Map(
    category.specifications.map((definition, position) => {
      const id = randomUUID();
      const { name, name_en, kind, unit } = definition;
      const shown = { on_card: definition.on_card ? 1 : 0, filter: definition.filter ? 1 : 0 };
      specifications.push({
        id,
        category_id: categoryId,
        key: newSpecificationKey(name, keys),
        name,
        name_en,
        kind,
        unit,
        position,
        ...shown,
        created_at: now,
        updated_at: now,
      });
      const optionKeys = new Set<string>();
      const optionIds = new Map(
        definition.options.map((option, optionPosition) => {
          const optionId = randomUUID();
          options.push({
            id: optionId,
            specification_id: id,
            key: newOptionKey(option.ro, optionKeys),
            name: option.ro,
            name_en: option.en,
            position: optionPosition,
          });
          return [option.ro, optionId];
        }),
      );
      const make: ValueMaker = (productId, value) => {
        const stored: SpecificationValue | undefined =
          kind === "choice" && typeof value === "string" ? optionIds.get(value) : value;
        if (stored === undefined) throw new Error(`${String(value)} is not an option of ${name}`);
        return valueRow(productId, id, kind, stored);
      };
      return [name, make] as const;
    }),
  );
}
