import { PassThrough, Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Kysely } from "kysely";
import { ZipFile } from "yazl";
import type { CatalogueExportQuery } from "../../common/catalogue/catalogue-export.ts";
import type { CategoryView } from "../../common/catalogue/catalogue-views.ts";
import { romanianDay } from "../../common/days/romanian-day.ts";
import { HttpError } from "../core/errors.ts";
import type { Logger } from "../core/logger.ts";
import { allCategories, categoryById, productsOfCategory } from "../catalogue/read.ts";
import { pictureBytes, picturesOfCategory } from "../catalogue/product-pictures.ts";
import { withAllPrices } from "../catalogue/product-prices.ts";
import type { Database } from "../db/schema.ts";
import { categoryCsv } from "./catalogue-csv.ts";
import { writeCatalogueWorkbook, type ProductsOf } from "./catalogue-workbook.ts";
import { pictureEntryName } from "./picture-names.ts";

/**
 * The catalogue's export as a download (decision 076): the whole catalogue or one category, as a
 * workbook, as CSV, or as the workbook with every machine's pictures in a ZIP. The file is made as it is sent, one category at a time: a failure half-way ends
 * the download (logged), it never answers a whole file with a part missing.
 */

export interface SpreadsheetServices {
  db: Kysely<Database>;
  logger: Logger;
}

export interface CatalogueDownload {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function exportedCategories(db: Kysely<Database>, categoryId: string | undefined): Promise<CategoryView[]> {
  if (categoryId === undefined) return allCategories(db);
  const category = await categoryById(db, categoryId);
  if (!category) throw new HttpError(404, "ERROR_GET_CATEGORY");
  return [category];
}

/** "catalog-2026-11-28.xlsx", "catalog-excavatoare-2026-11-28.csv" (the day in Romania). */
function fileName(category: CategoryView | undefined, extension: string, now: Date): string {
  return `catalog-${category ? `${category.slug}-` : ""}${romanianDay(now)}.${extension}`;
}

function webStream(stream: NodeJS.ReadableStream): ReadableStream<Uint8Array> {
  return Readable.toWeb(Readable.from(stream)) as ReadableStream<Uint8Array>;
}

/**
 * A ZIP being sent, and its one way to fail: logged once, and the download cut (its stream destroyed
 * with the error, which ends the reply), never an error event without a listener, which would end
 * the server. yazl reports a lazy entry's failure on the ZipFile itself, hence its listener.
 */
function exportZip(logger: Logger): { zip: ZipFile; failed: (error: unknown) => void } {
  const zip = new ZipFile();
  let done = false;
  const failed = (error: unknown) => {
    if (done) return;
    done = true;
    logger.error({ err: error }, "catalogue export failed");
    // yazl's output is a PassThrough (its typings say only NodeJS.ReadableStream).
    (zip.outputStream as PassThrough).destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on("error", failed);
  return { zip, failed };
}

/**
 * The workbook and every machine's pictures in one ZIP: the workbook first, then a folder per machine
 * (its slug) with its header picture and its gallery as uploaded. The pictures are listed one
 * category at a time while the workbook is written, and each is read from the database only when the
 * ZIP comes to it.
 */
function picturesZip(
  db: Kysely<Database>,
  categories: readonly CategoryView[],
  productsOf: ProductsOf,
  logger: Logger,
): NodeJS.ReadableStream {
  const { zip, failed } = exportZip(logger);
  const workbook = new PassThrough();
  writeCatalogueWorkbook(workbook, categories, productsOf).catch(failed);
  zip.addReadStream(workbook, "catalog.xlsx");
  const listPictures = async () => {
    for (const category of categories) {
      await nextTurn();
      for (const machine of await picturesOfCategory(db, category.uuid)) {
        machine.pictures.forEach(({ imageId, mimeType }, index) => {
          zip.addReadStreamLazy(pictureEntryName(machine.slug, index, mimeType), (done) => {
            pictureBytes(db, imageId).then(
              // A picture deleted since it was listed leaves an empty file rather than a broken ZIP.
              (bytes) => done(null, Readable.from(bytes ? [bytes] : [])),
              (error: unknown) => {
                failed(error);
                done(error, Readable.from([]));
              },
            );
          });
        });
      }
    }
    zip.end();
  };
  listPictures().catch(failed);
  return zip.outputStream;
}

/** The whole catalogue as CSV: a ZIP of one CSV per category, each read when the ZIP comes to it. */
function csvZip(categories: readonly CategoryView[], productsOf: ProductsOf, logger: Logger): NodeJS.ReadableStream {
  const { zip, failed } = exportZip(logger);
  for (const category of categories) {
    zip.addReadStreamLazy(`${category.slug}.csv`, (done) => {
      productsOf(category).then(
        (products) => done(null, Readable.from([categoryCsv(category, products)])),
        (error: unknown) => {
          failed(error);
          done(error, Readable.from([]));
        },
      );
    });
  }
  zip.end();
  return zip.outputStream;
}

export async function exportCatalogue(
  services: SpreadsheetServices,
  query: CatalogueExportQuery,
  now = new Date(),
): Promise<CatalogueDownload> {
  const { db, logger } = services;
  const categories = await exportedCategories(db, query.category);
  const one = query.category === undefined ? undefined : categories[0];
  // A turn of the event loop before each category: SQLite's driver answers without one, so 300
  // categories would otherwise be read and written in one stretch, every other request waiting.
  const productsOf: ProductsOf = async (category) => {
    await nextTurn();
    // With every price each machine has: the sheet's price columns (decision 093).
    return withAllPrices(db, (await productsOfCategory(db, category.uuid)) ?? []);
  };
  if (query.format === "zip") {
    return {
      fileName: fileName(one, "zip", now),
      contentType: "application/zip",
      body: webStream(picturesZip(db, categories, productsOf, logger)),
    };
  }
  if (query.format === "csv") {
    if (one) {
      return {
        fileName: fileName(one, "csv", now),
        contentType: "text/csv; charset=utf-8",
        body: webStream(Readable.from([categoryCsv(one, await productsOf(one))])),
      };
    }
    return {
      fileName: fileName(undefined, "zip", now),
      contentType: "application/zip",
      body: webStream(csvZip(categories, productsOf, logger)),
    };
  }
  const output = new PassThrough();
  writeCatalogueWorkbook(output, categories, productsOf).catch((error: unknown) => {
    logger.error({ err: error }, "catalogue export failed");
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName: fileName(one, "xlsx", now), contentType: XLSX_TYPE, body: webStream(output) };
}
