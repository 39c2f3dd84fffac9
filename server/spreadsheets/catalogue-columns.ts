import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { PRODUCT_TEXTS, englishOf, type ProductText } from "../../common/language/product-texts.ts";
import type { SpecificationValue, SpecificationView } from "../../common/specifications/specification-schema.ts";
import { UNITS } from "../../common/specifications/units.ts";
import { PRICE_COLUMNS, pricesOfView } from "./price-columns.ts";
import { CELL_TEXT_MAX_LENGTH, richTextCell } from "./rich-text-cell.ts";

/**
 * The columns of a category's sheet (and of its CSV), in order: the machine's id, its category, its
 * model, each rich text in Romanian then English, then one column per specification of the category
 * (a text specification two: Romanian, then English), the units in the fleet, and last the prices
 * (price-columns.ts). The import reads a sheet by these headers.
 */

export type CellValue = string | number | null;

export interface SheetColumn {
  header: string;
  cell(product: ProductView): CellValue;
}

/** How a machine's texts are headed: the product form's labels; the English marked " [EN]". */
const TEXT_HEADERS: Record<ProductText, string> = {
  header_offer: "Antet Oferta",
  details: "Detalii",
  technical_data: "Date tehnice",
};
export const RICH_TEXTS = PRODUCT_TEXTS.map((field) => [field, englishOf(field), TEXT_HEADERS[field]] as const);

export const ID_HEADER = "id";
export const CATEGORY_HEADER = "Categorie";
export const MODEL_HEADER = "Model";
/** The units of the machine in the fleet (0: on request), last so the columns before keep their letters. */
export const UNITS_HEADER = "Unitati in flota";
export const ENGLISH_MARK = " [EN]";
export const YES = "da";
export const NO = "nu";

/** A text over Excel's limit for a cell is cut there (the "Note" sheet says so). */
function textCell(text: string): string {
  return text.length > CELL_TEXT_MAX_LENGTH ? text.slice(0, CELL_TEXT_MAX_LENGTH) : text;
}

/** "Masă operațională (kg)": the Romanian name, a number's unit as Romanian writes it. */
export function specificationHeader(specification: SpecificationView): string {
  return specification.kind === "number" && specification.unit !== null
    ? `${specification.name} (${UNITS[specification.unit].ro})`
    : specification.name;
}

/** A number as a number, a choice by its option's Romanian name, yes/no as da/nu, a text's Romanian. */
export function specificationCell(specification: SpecificationView, value: SpecificationValue | undefined): CellValue {
  if (value === undefined) return null;
  switch (specification.kind) {
    case "number":
      return typeof value === "number" ? value : null;
    case "choice":
      return specification.options.find((option) => option.uuid === value)?.name ?? null;
    case "yes_no":
      return typeof value === "boolean" ? (value ? YES : NO) : null;
    case "text":
      return typeof value === "object" ? value.ro : null;
  }
}

function specificationColumns(specification: SpecificationView): SheetColumn[] {
  const value = (product: ProductView) => product.specifications[specification.uuid];
  const romanian: SheetColumn = {
    header: specificationHeader(specification),
    cell: (product) => specificationCell(specification, value(product)),
  };
  if (specification.kind !== "text") return [romanian];
  return [
    romanian,
    {
      header: `${specification.name}${ENGLISH_MARK}`,
      cell: (product) => {
        const text = value(product);
        return typeof text === "object" && text.en !== "" ? text.en : null;
      },
    },
  ];
}

export function categoryColumns(category: Pick<CategoryView, "specifications">): SheetColumn[] {
  return [
    { header: ID_HEADER, cell: (product) => product.uuid },
    { header: CATEGORY_HEADER, cell: (product) => product.category },
    { header: MODEL_HEADER, cell: (product) => product.model },
    ...RICH_TEXTS.flatMap(([romanian, english, label]): SheetColumn[] => [
      { header: label, cell: (product) => textCell(richTextCell(product[romanian])) },
      {
        header: `${label}${ENGLISH_MARK}`,
        cell: (product) => (product[english] === "" ? null : textCell(richTextCell(product[english]))),
      },
    ]),
    ...category.specifications.flatMap(specificationColumns),
    { header: UNITS_HEADER, cell: (product) => product.units },
    ...PRICE_COLUMNS.map(({ header, cell }): SheetColumn => ({
      header,
      cell: (product) => cell(pricesOfView(product)),
    })),
  ];
}
