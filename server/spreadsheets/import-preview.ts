import type { Kysely } from "kysely";
import { IMPORT_ROWS_MAX, type ImportPreview, type ImportRow } from "../../common/catalogue/catalogue-import.ts";
import type { CategoryView, ProductView } from "../../common/catalogue/catalogue-views.ts";
import { errorMessage, isErrorCode, type ErrorCode } from "../../common/errors/error-codes.ts";
import { PRODUCT_TEXTS, englishOf, type EnglishText, type ProductText } from "../../common/language/product-texts.ts";
import { productCreateSchema } from "../../common/schemas/product.ts";
import { comparableName } from "../../common/specifications/specification-input.ts";
import type { SpecificationValue, SpecificationView } from "../../common/specifications/specification-schema.ts";
import { withoutFormulaGuard } from "../../common/text/formula-safe.ts";
import { toSlug } from "../../common/text/slug.ts";
import { HttpError } from "../core/errors.ts";
import { fleetBelowBookings } from "../bookings/fleet-below-bookings.ts";
import { allCategories, allProducts } from "../catalogue/read.ts";
import type { ProductFieldsInput } from "../catalogue/writes-products.ts";
import { withAllPrices } from "../catalogue/product-prices.ts";
import { NO_PRICES, type ProductPrices } from "../../common/pricing/machine-prices.ts";
import type { Database } from "../db/schema.ts";
import { cellAddress } from "./cell-address.ts";
import {
  CATEGORY_HEADER,
  ENGLISH_MARK,
  ID_HEADER,
  MODEL_HEADER,
  RICH_TEXTS,
  UNITS_HEADER,
  specificationCell,
  specificationHeader,
  type CellValue,
} from "./catalogue-columns.ts";
import { checkedPictures } from "./import-pictures.ts";
import { PRICE_COLUMNS, priceCellText, pricesOfView, readPriceCells } from "./price-columns.ts";
import type { ImportPictures, PictureEntry } from "./import-zip.ts";
import { refusedExcerpt } from "./refused-excerpt.ts";
import { importedRichText, richTextCell } from "./rich-text-cell.ts";
import { FORMULA, type SheetCell, type SheetRow } from "./sheet-rows.ts";
import { readSpecificationCell } from "./specification-cell.ts";

/**
 * The import's dry run (decision 076): each row of the export's sheets compared with the catalogue,
 * nothing written. A row is matched by its id, else by its model (models are unique in the whole
 * catalogue, compared as slugs); it is new, changed (each changed column, old → new), unchanged, or
 * refused with each refused cell's code, the product form's. A row never deletes a machine.
 */

type Refusal = ImportRow["refusals"][number];

type TextField = (typeof RICH_TEXTS)[number][0 | 1];
type ProductTextsInput = Record<ProductText, string> & Partial<Record<EnglishText, string>>;

/** What the commit writes for a changed row (decision 077): the machine as the row leaves it. */
export interface ImportedChange {
  uuid: string;
  /** The version the dry run compared with: a save in between refuses the commit. */
  version: number;
  fields: ProductFieldsInput;
  /** The full set of the category's values, as writeProductValues takes it. */
  specifications: Record<string, SpecificationValue | null>;
}

/** What the commit writes for a new row (decision 079): the machine, and its pictures in the ZIP. */
export interface ImportedCreation {
  /** The row's Model cell, where a picture the commit's decoding refuses is named. */
  cell: string;
  fields: ProductFieldsInput;
  specifications: Record<string, SpecificationValue | null>;
  /** The header picture, then the gallery in order. */
  pictures: readonly PictureEntry[];
}

/** The dry run's answer, and what a commit would write for each changed and each new row. */
export interface CheckedImport {
  preview: ImportPreview;
  changes: ImportedChange[];
  creations: ImportedCreation[];
}

/** The preview's column for a new machine's pictures. */
const PICTURES_FIELD = "Poze";

interface SheetLayout {
  /** The column index of each header, by header text. */
  columns: Map<string, number>;
}

/** A text cell taken as the export wrote it; a number or a boolean as text. */
function text(cell: SheetCell): string {
  if (cell === FORMULA || cell === null || cell === undefined) return "";
  return typeof cell === "string" ? withoutFormulaGuard(cell).trim() : String(cell);
}

/** A cell a spreadsheet would run: a formula, or a text that starts as one without the export's guard. */
function isFormula(cell: SheetCell): boolean {
  return cell === FORMULA || (typeof cell === "string" && /^(?:[=+@]|-(?![\s\d]))/.test(cell));
}

function shown(value: CellValue): string {
  return value === null ? "" : String(value);
}

function firstCode(result: { success: boolean; error?: { issues: { message: string }[] } }): ErrorCode | undefined {
  if (result.success) return undefined;
  const message = result.error?.issues[0]?.message;
  return isErrorCode(message) ? message : "ERROR_UPDATE_PRODUCT";
}

/** Which specifications hold a figure with decimals on some machine (number-reading.ts's rule for `22.500`). */
function decimalColumns(products: readonly ProductView[]): Set<string> {
  const decimals = new Set<string>();
  for (const product of products)
    for (const [uuid, value] of Object.entries(product.specifications))
      if (typeof value === "number" && !Number.isInteger(value)) decimals.add(uuid);
  return decimals;
}

class RowCheck {
  readonly refusals: Refusal[] = [];
  readonly changes: ImportRow["changes"] = [];
  /** Each rich text's HTML as the row leaves it (the stored one where the cell did not change). */
  readonly texts: Partial<Record<TextField, string>> = {};
  readonly values: Record<string, SpecificationValue | null> = {};
  /** The columns whose cell is refused: their changes are echoed as excerpts. */
  readonly refused = new Set<string>();
  /** The units in the fleet the row gives; undefined where its column is left out or empty. */
  units: number | undefined;
  /** The machine's prices as the row leaves them; undefined where its price cells change nothing. */
  prices: ProductPrices | undefined;
  private readonly row: SheetRow;
  private readonly layout: SheetLayout;

  constructor(row: SheetRow, layout: SheetLayout) {
    this.row = row;
    this.layout = layout;
  }

  column(header: string): number | undefined {
    return this.layout.columns.get(header);
  }

  cell(header: string): SheetCell {
    const index = this.column(header);
    return index === undefined ? undefined : this.row.cells[index];
  }

  address(header: string): string {
    return cellAddress(this.row.sheet, (this.column(header) ?? 0) + 1, this.row.row);
  }

  refuse(header: string, code: ErrorCode, entry?: string): void {
    this.refused.add(header);
    this.refusals.push({
      cell: this.address(header),
      code,
      message: errorMessage(code),
      ...(entry === undefined ? {} : { entry }),
    });
  }

  change(field: string, before: string, after: string): void {
    if (before !== after) this.changes.push({ field, old: before, new: after });
  }

  /** The changes as the preview lists them: a refused cell's old and new cut to an excerpt. */
  listedChanges(): ImportRow["changes"] {
    return this.changes.map((change) =>
      this.refused.has(change.field)
        ? { field: change.field, old: refusedExcerpt(change.old), new: refusedExcerpt(change.new) }
        : change,
    );
  }
}

function checkTexts(check: RowCheck, product: ProductView | undefined): void {
  for (const [romanian, english, label] of RICH_TEXTS) {
    for (const [field, header] of [
      [romanian, label],
      [english, `${label}${ENGLISH_MARK}`],
    ] as const) {
      if (check.column(header) === undefined) {
        if (!product && field === romanian)
          check.refuse(
            MODEL_HEADER,
            firstCode(productCreateSchema.shape[field].safeParse("")) ?? "ERROR_UPDATE_PRODUCT",
          );
        continue;
      }
      const cell = text(check.cell(header));
      const stored = product?.[field] ?? "";
      const { html, changed } = importedRichText(stored, cell);
      check.texts[field] = html;
      // A new machine's Romanian texts are required as the form's: an empty cell is refused too.
      if (!changed && !(product === undefined && field === romanian)) continue;
      if (field === romanian || cell !== "") {
        const code = firstCode(productCreateSchema.shape[field].safeParse(html));
        if (code) check.refuse(header, code);
      }
      check.change(header, stored === "" ? "" : richTextCell(stored), cell);
    }
  }
}

/** The units in the fleet: a whole number, as the form takes it; an empty cell keeps what is stored (a new machine: 1). */
function checkUnits(check: RowCheck, product: ProductView | undefined): void {
  if (check.column(UNITS_HEADER) === undefined) return;
  const cell = check.cell(UNITS_HEADER);
  const written = typeof cell === "number" ? cell : text(cell);
  if (written === "") return;
  const units = typeof written === "number" ? written : /^\d+$/.test(written) ? Number(written) : Number.NaN;
  const code = firstCode(productCreateSchema.shape.units.safeParse(units));
  if (code) return check.refuse(UNITS_HEADER, code);
  check.units = units;
  check.change(UNITS_HEADER, product ? String(product.units) : "", String(units));
}

/**
 * The price columns (decision 093): an empty cell keeps what is stored; the row's prices are checked
 * whole, each refusal at its cell with the price codes.
 */
function checkPrices(check: RowCheck, product: ProductView | undefined): void {
  if (PRICE_COLUMNS.every((column) => check.column(column.header) === undefined)) return;
  const stored = product ? pricesOfView(product) : NO_PRICES;
  const read = readPriceCells(stored, (header) => {
    if (check.column(header) === undefined) return "absent";
    const cell = check.cell(header);
    // A formula is refused as such (previewRow): its cell is read as empty here.
    return cell === FORMULA ? undefined : cell;
  });
  for (const { header, code } of read.refusals) check.refuse(header, code);
  if (read.refusals.length > 0) return;
  const before = check.changes.length;
  for (const column of PRICE_COLUMNS)
    check.change(column.header, priceCellText(column, stored), priceCellText(column, read.prices));
  if (check.changes.length > before) check.prices = read.prices;
}

function checkSpecifications(
  check: RowCheck,
  specifications: readonly SpecificationView[],
  product: ProductView | undefined,
  decimals: ReadonlySet<string>,
): void {
  for (const specification of specifications) {
    const header = specificationHeader(specification);
    const englishHeader = `${specification.name}${ENGLISH_MARK}`;
    if (check.column(header) === undefined) continue;
    const stored: SpecificationValue | undefined = product?.specifications[specification.uuid];
    // A text's English column left out of the sheet keeps what is stored, as every column left out does.
    const english =
      check.column(englishHeader) !== undefined
        ? text(check.cell(englishHeader))
        : typeof stored === "object" && stored !== null
          ? stored.en
          : "";
    const reading = readSpecificationCell(
      specification,
      check.cell(header) === FORMULA ? null : (check.cell(header) as Exclude<SheetCell, typeof FORMULA>),
      specification.kind === "text" ? english : undefined,
      decimals.has(specification.uuid),
    );
    if ("code" in reading) {
      check.refuse(header, reading.code);
      continue;
    }
    const value = reading.value ?? undefined;
    check.values[specification.uuid] = reading.value;
    check.change(
      header,
      shown(specificationCell(specification, stored)),
      shown(specificationCell(specification, value)),
    );
    if (specification.kind === "text" && check.column(englishHeader) !== undefined) {
      const en = (v: SpecificationValue | undefined) => (typeof v === "object" ? v.en : "");
      check.change(englishHeader, en(stored), en(value));
    }
  }
}

/**
 * A row's texts: a Romanian text the sheet left out is `stored`'s; an English one left out stays undefined,
 * which the product's write keeps as stored.
 */
function rowTexts(check: RowCheck, stored: (field: ProductText) => string): ProductTextsInput {
  return Object.fromEntries(
    PRODUCT_TEXTS.flatMap((field) => [
      [field, check.texts[field] ?? stored(field)],
      [englishOf(field), check.texts[englishOf(field)]],
    ]),
  ) as ProductTextsInput;
}

/** The machine as a changed row leaves it: columns the sheet left out keep what is stored. */
function importedChange(check: RowCheck, product: ProductView, category: CategoryView, model: string): ImportedChange {
  const stored = category.uuid === product.category_uuid ? product.specifications : {};
  return {
    uuid: product.uuid,
    version: product.version,
    fields: {
      model,
      category: category.uuid,
      ...rowTexts(check, (field) => product[field]),
      units: check.units,
      prices: check.prices,
    },
    specifications: { ...stored, ...check.values },
  };
}

/**
 * A category by the name in its cell: the one whose name it is (case aside, as category names are
 * unique), else the one it names with diacritics aside ("Incarcatoare" for "Încărcătoare", as a
 * sheet typed without them writes it) — but when two categories differ only by their diacritics,
 * such a name is refused as ambiguous rather than given to either.
 */
function categoryMatcher(categories: readonly CategoryView[]) {
  const exact = new Map(categories.map((category) => [category.name.toLocaleLowerCase("ro-RO"), category]));
  const folded = new Map<string, CategoryView[]>();
  for (const category of categories) {
    const key = comparableName(category.name);
    folded.set(key, [...(folded.get(key) ?? []), category]);
  }
  return (name: string): CategoryView | ErrorCode => {
    const found = exact.get(name.toLocaleLowerCase("ro-RO"));
    if (found) return found;
    const candidates = folded.get(comparableName(name)) ?? [];
    if (candidates.length > 1) return "IMPORT_CATEGORY_AMBIGUOUS";
    return candidates[0] ?? "INVALID_PRODUCT_CATEGORY";
  };
}

/** A new machine's fields as its row gives them. */
function createdFields(check: RowCheck, category: CategoryView, model: string): ProductFieldsInput {
  return {
    model,
    category: category.uuid,
    ...rowTexts(check, () => ""),
    units: check.units,
    prices: check.prices,
  };
}

/**
 * `pictures`: the uploaded ZIP's, when the file came in one; a new row needs its folder there
 * (picture-names.ts). A matched machine's folder is not read: the import leaves its pictures as they are.
 */
export async function previewImport(
  db: Kysely<Database>,
  rows: AsyncIterable<SheetRow>,
  pictures?: ImportPictures,
): Promise<CheckedImport> {
  const [categories, products] = await Promise.all([
    allCategories(db),
    allProducts(db).then((views) => withAllPrices(db, views)),
  ]);
  const categoryOf = categoryMatcher(categories);
  const productById = new Map(products.map((product) => [product.uuid, product]));
  const productBySlug = new Map(products.map((product) => [product.slug, product]));
  const decimals = decimalColumns(products);
  const seen = new Set<string>();
  /** Which machine of the file takes each model no stored machine has (as a slug): two may not take one. */
  const models = new Map<string, string>();
  const result: ImportRow[] = [];
  const changes: ImportedChange[] = [];
  const creations: ImportedCreation[] = [];
  let layout: SheetLayout | undefined;
  let sheet: string | undefined;
  let sheets = 0;
  /** Rows after the headers of every sheet read, empty ones too (decision 076): the limit is the file's. */
  let dataRows = 0;

  for await (const row of rows) {
    if (row.sheet !== sheet) {
      sheet = row.sheet;
      layout = undefined;
    }
    if (!layout) {
      // A sheet is read when its first row is the export's header; the read-me and the note are not.
      const headers = row.cells.map((cell) => text(cell));
      if (row.row === 1 && [ID_HEADER, CATEGORY_HEADER, MODEL_HEADER].every((header) => headers.includes(header))) {
        layout = { columns: new Map(headers.map((header, index) => [header, index])) };
        sheets += 1;
      } else sheet = row.sheet;
      continue;
    }
    if (++dataRows > IMPORT_ROWS_MAX) throw new HttpError(400, "IMPORT_TOO_MANY_ROWS");
    if (row.cells.every((cell) => text(cell) === "" && cell !== FORMULA)) continue;
    result.push(await previewRow(row, layout));
  }
  if (sheets === 0) throw new HttpError(400, "IMPORT_NO_SHEET");

  async function previewRow(row: SheetRow, rowLayout: SheetLayout): Promise<ImportRow> {
    const check = new RowCheck(row, rowLayout);
    for (const [header, index] of rowLayout.columns)
      if (isFormula(row.cells[index])) check.refuse(header, "IMPORT_CELL_FORMULA");
    const model = text(check.cell(MODEL_HEADER));
    const id = text(check.cell(ID_HEADER)).toLowerCase();
    const matched = categoryOf(text(check.cell(CATEGORY_HEADER)));
    const category = typeof matched === "string" ? undefined : matched;
    if (typeof matched === "string") check.refuse(CATEGORY_HEADER, matched);
    const modelCode = firstCode(productCreateSchema.shape.model.safeParse(model));
    if (modelCode) check.refuse(MODEL_HEADER, modelCode);
    const byModel = productBySlug.get(toSlug(model));
    let product: ProductView | undefined;
    if (id !== "") {
      product = productById.get(id);
      if (!product) check.refuse(ID_HEADER, "IMPORT_UNKNOWN_MACHINE");
      else if (byModel && byModel.uuid !== product.uuid) check.refuse(MODEL_HEADER, "ERROR_PRODUCT_EXIST");
    } else if (byModel) {
      if (byModel.category_uuid === category?.uuid) product = byModel;
      else check.refuse(MODEL_HEADER, "ERROR_PRODUCT_EXIST");
    }
    const key = product?.uuid ?? `new:${toSlug(model)}`;
    if (seen.has(key)) check.refuse(product ? ID_HEADER : MODEL_HEADER, "IMPORT_DUPLICATE_ROW");
    else if (!byModel && (models.get(toSlug(model)) ?? key) !== key) check.refuse(MODEL_HEADER, "ERROR_PRODUCT_EXIST");
    seen.add(key);
    if (!byModel && !models.has(toSlug(model))) models.set(toSlug(model), key);
    // A machine comes into the catalogue with its header picture, from the ZIP's folder named by its model.
    let entries: readonly PictureEntry[] = [];
    if (!product && id === "" && !modelCode) {
      const checked = await checkedPictures(pictures, model);
      if ("refusals" in checked)
        for (const { code, entry } of checked.refusals) check.refuse(MODEL_HEADER, code, entry);
      else entries = checked.entries;
      check.change(PICTURES_FIELD, "", entries.map(({ name }) => name).join(", "));
    }
    if (product) {
      check.change(MODEL_HEADER, product.model, model);
      check.change(CATEGORY_HEADER, product.category, category?.name ?? text(check.cell(CATEGORY_HEADER)));
    }
    checkTexts(check, product);
    if (category) checkSpecifications(check, category.specifications, product, decimals);
    checkUnits(check, product);
    checkPrices(check, product);
    // The commit would refuse it (it never overbooks); the dry run says so at the cell, with the form's code.
    if (product && check.units !== undefined && check.units < product.units)
      if (await fleetBelowBookings(db, product.uuid, check.units))
        check.refuse(UNITS_HEADER, "PRODUCT_UNITS_BELOW_BOOKINGS");
    const kind =
      check.refusals.length > 0 ? "refused" : !product ? "new" : check.changes.length > 0 ? "changed" : "unchanged";
    if (kind === "changed" && product && category) changes.push(importedChange(check, product, category, model));
    if (kind === "new" && category)
      creations.push({
        cell: check.address(MODEL_HEADER),
        fields: createdFields(check, category, model),
        specifications: check.values,
        pictures: entries,
      });
    return {
      sheet: row.sheet,
      row: row.row,
      kind,
      model,
      uuid: product?.uuid ?? null,
      changes: kind === "unchanged" ? [] : check.listedChanges(),
      refusals: check.refusals,
    };
  }

  const count = (kind: ImportRow["kind"]) => result.filter((row) => row.kind === kind).length;
  return {
    preview: {
      rows: result,
      counts: {
        new: count("new"),
        changed: count("changed"),
        unchanged: count("unchanged"),
        refused: count("refused"),
      },
    },
    changes,
    creations,
  };
}
