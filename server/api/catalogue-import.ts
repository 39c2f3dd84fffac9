import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_ZIP_MAX_BYTES,
  importPreviewSchema,
  importProgressLineSchema,
  importSummarySchema,
  type ImportProgressLine,
} from "../../common/catalogue/catalogue-import.ts";
import { errorMessage } from "../../common/errors/error-codes.ts";
import type { Actor } from "../activity/activity-log.ts";
import { HttpError, ValidationError } from "../core/errors.ts";
import { limitBody } from "../http/body-limit.ts";
import type { ApiEnv, Services } from "../services.ts";
import { previewImport } from "../spreadsheets/import-preview.ts";
import { actorOf } from "./require-admin.ts";
import { checkImport, commitImport, writeImport, type ImportSource } from "../spreadsheets/import-commit.ts";
import { openImportZip, type ImportZip } from "../spreadsheets/import-zip.ts";
import { readUpload } from "../spreadsheets/import-reading.ts";
import { checkWorkbookDirectory } from "../spreadsheets/zip-checks.ts";
import { saveUpload, type UploadLimit } from "../spreadsheets/upload-file.ts";
import { adminRoute, apiRouter, errorReplies, jsonReply } from "./route-factory.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const ZIP_TYPE = "application/zip";

type UploadKind = "xlsx" | "csv" | "zip";

/** A spreadsheet's limit, or a ZIP's: its workbook and 200 MB of pictures (decision 079). */
const LIMITS: Record<UploadKind, UploadLimit> = {
  xlsx: { bytes: IMPORT_FILE_MAX_BYTES, code: "IMPORT_FILE_TOO_LARGE" },
  csv: { bytes: IMPORT_FILE_MAX_BYTES, code: "IMPORT_FILE_TOO_LARGE" },
  zip: { bytes: IMPORT_ZIP_MAX_BYTES, code: "IMPORT_PICTURES_TOO_LARGE" },
};
const file = z.string().meta({ format: "binary" });

/**
 * The import's own 413 before the generic limit: a declared length over 20 MB is refused unread, and
 * the body's own count (upload-file.ts) refuses a longer one as soon as it crosses, under the room
 * the generic limit leaves.
 */
const importBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const limit = LIMITS[kindOf(c.req.header("Content-Type"))];
  if (Number(c.req.header("Content-Length") ?? 0) > limit.bytes) throw new HttpError(413, limit.code);
  await limitBody(limit.bytes + 1024 * 1024)(c, next);
};

function kindOf(contentType: string | undefined): UploadKind {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === XLSX_TYPE) return "xlsx";
  if (type === "text/csv") return "csv";
  if (type === ZIP_TYPE) return "zip";
  throw new HttpError(415, "IMPORT_FILE_TYPE");
}

/** The request's file, streamed to disk and opened: the import's source, and its removal. */
async function openUpload(
  request: Request,
  services: Services,
): Promise<{ source: ImportSource; remove: () => Promise<void> }> {
  const kind = kindOf(request.headers.get("Content-Type") ?? undefined);
  const upload = await saveUpload(request.body, services.config.DATA_DIR, kind, LIMITS[kind]);
  const staging = `${upload.path}.pictures`;
  let zip: ImportZip | undefined;
  try {
    // The ZIP's directory here, for its pictures and its sheets' declared sizes; a workbook's declared
    // sizes too: a file past the budget is refused without a child. The sheets are read in the import's child.
    if (kind === "zip") zip = await openImportZip(upload.path);
    if (kind === "xlsx") await checkWorkbookDirectory(upload.path);
    const { rows, remove } = await readUpload(services, upload.path, kind);
    return {
      source: { rows, pictures: zip?.pictures, staging },
      remove: async () => {
        zip?.close();
        await remove();
        await upload.remove();
      },
    };
  } catch (error) {
    zip?.close();
    await upload.remove();
    throw error;
  }
}

/** The request's file read by `use`, removed after it. */
async function withUpload<T>(request: Request, services: Services, use: (source: ImportSource) => Promise<T>) {
  const { source, remove } = await openUpload(request, services);
  try {
    return await use(source);
  } finally {
    await remove();
  }
}

const NDJSON_TYPE = "application/x-ndjson";

/** What ended a streamed commit, as its last line: the error's status and body, as the error handler would answer. */
function errorLine(error: unknown, services: Services): ImportProgressLine {
  if (error instanceof HttpError || error instanceof ValidationError) return { status: error.status, ...error.body() };
  services.logger.error({ err: error }, "catalogue import failed");
  return { status: 500, error: { code: "ERROR_INTERNAL", message: errorMessage("ERROR_INTERNAL") } };
}

/**
 * The commit with its progress (decision 079): the file is uploaded and checked first, so a bad file
 * or a refused row is an ordinary error reply; then the reply starts, one JSON line per step of the
 * progress, and ends with the summary or the error that wrote nothing. Not compressed (its type is
 * not one compress-replies.ts codes) nor buffered by nginx (X-Accel-Buffering), so each line arrives as it is said.
 */
async function committedWithProgress(
  request: Request,
  services: Services,
  actor: Actor,
): Promise<ReadableStream<Uint8Array>> {
  const { source, remove } = await openUpload(request, services);
  let checked;
  try {
    checked = await checkImport(services.db, source);
  } catch (error) {
    await remove();
    throw error;
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A client gone mid-way does not stop the commit: its lines are dropped.
      const say = (line: ImportProgressLine) => {
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          // The reply was cancelled.
        }
      };
      writeImport(services, actor, checked, source, (progress) => say({ progress }))
        .then(
          (summary) => say({ summary }),
          (error: unknown) => say(errorLine(error, services)),
        )
        // The reply ends once the upload and its staged pictures are gone.
        .then(remove)
        .catch((error: unknown) => services.logger.error({ err: error }, "an import's files could not be removed"))
        .finally(() => {
          try {
            controller.close();
          } catch {
            // Already cancelled.
          }
        });
    },
  });
  return body;
}

const FILE_BODY_DESCRIPTION =
  "The request's body is the file itself (at most 20 MB), its type in Content-Type: an .xlsx workbook (its sheets whose first row holds the export's headers id, Categorie, Model are read; the others, such as 'Citiți-mă' and 'Note', are skipped) or a UTF-8 CSV (`text/csv`, one sheet, named CSV in cell addresses); or a ZIP (`application/zip`, at most 220 MB) made as the export's ZIP with the pictures: `catalog.xlsx` (or CSVs at its root, each a sheet named by its file) and a folder per machine named by its slug, `01-antet.<ext>` its header picture, `02-galerie.<ext>`… its gallery (decision 079). Streamed to a file, then read as it streams; removed after the answer.";

const PREVIEW_ROWS =
  "Each row is matched by its id, else by its model (models are unique in the catalogue): `new`, `changed` (each changed column, old → new, as the export writes them), `unchanged`, or `refused` with each refused cell ('Excavatoare!F7'), its code and Romanian message — the product form's codes (INVALID_PRODUCT_CATEGORY, REQUIRED_/INVALID_PRODUCT_MODEL, ERROR_PRODUCT_EXIST, REQUIRED_/INVALID_ rich texts, the specification codes), plus INVALID_IMPORT_CELL_UNIT (a unit other than the column's), IMPORT_CELL_FORMULA (a formula, or a text starting with = + @ without the export's apostrophe), IMPORT_UNKNOWN_MACHINE (an id no machine has), IMPORT_DUPLICATE_ROW. A new row (no id, no machine of its model) takes its pictures from the ZIP's folder named by its model's slug ('CAT 320 GC' → cat-320-gc/): REQUIRED_PRODUCT_HEADER_PHOTO when the file is not a ZIP, IMPORT_PICTURE_NOT_FOUND when the folder or its 01-antet picture is missing, INVALID_PRODUCT_HEADER_PHOTO_IMAGE / INVALID_PRODUCT_GALLERY_IMAGE for a file that is not a picture by its bytes, ERROR_IMAGE_TOO_LARGE over 5 MB, INVALID_PRODUCT_GALLERY for more than the form's gallery; such a refusal names its picture in `entry`, and a new row's pictures are listed as the change of a column 'Poze'. A matched machine's folder is not read: the import leaves its pictures as they are. A row never deletes a machine.";

const fileBody = {
  body: {
    required: true,
    content: { [XLSX_TYPE]: { schema: file }, "text/csv": { schema: file }, [ZIP_TYPE]: { schema: file } },
  },
};

const FILE_ERRORS = {
  400: "IMPORT_FILE_UNREADABLE (not a workbook, a path that climbs out), IMPORT_FILE_MACROS (vbaProject.bin), IMPORT_FILE_EXTERNAL_LINKS, IMPORT_FILE_ZIP_BOMB (too many entries, the sheets unpacking to over 24 MB in all, a packing ratio over 200), IMPORT_FILE_TOO_HEAVY (the file's reading, in the import's child process, ran past its time or memory), IMPORT_CSV_ENCODING (a CSV not in UTF-8), IMPORT_TOO_MANY_ROWS (over 5 000 rows, empty ones counted; over 6 000 rows read in all, sheets without the export's headers included), IMPORT_NO_SHEET (no sheet with the export's headers; a ZIP without a workbook or CSVs at its root).",
  413: "IMPORT_FILE_TOO_LARGE: a spreadsheet (or a ZIP's) over 20 MB, refused as soon as it crosses; IMPORT_PICTURES_TOO_LARGE: a ZIP over 220 MB, or whose pictures unpack to more than 200 MB in all.",
  415: "IMPORT_FILE_TYPE: Content-Type is none of the .xlsx type, text/csv and application/zip.",
  503: "ERROR_SERVER_BUSY: files already wait for the import's reading; try again after Retry-After seconds.",
};

/** The catalogue's import from a spreadsheet (decisions 076, 077): its dry run, then its commit. */
export const catalogueImportRoutes = apiRouter()
  .openapi(
    adminRoute({
      method: "post",
      path: "/import/preview",
      operationId: "previewCatalogueImport",
      right: "catalogue.write",
      tags: ["products"],
      summary: "What a spreadsheet would change in the catalogue, row by row; nothing is written",
      description: `${FILE_BODY_DESCRIPTION} ${PREVIEW_ROWS}`,
      middleware: importBody,
      request: fileBody,
      responses: {
        200: jsonReply("The dry run: each data row and the counts of each kind.", importPreviewSchema),
        ...errorReplies(FILE_ERRORS),
      },
    }),
    async (c) => {
      const checked = await withUpload(c.req.raw, c.var.services, ({ rows, pictures }) =>
        previewImport(c.var.services.db, rows, pictures),
      );
      return c.json(checked.preview, 200);
    },
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/import/commit",
      operationId: "commitCatalogueImport",
      right: "catalogue.write",
      tags: ["products"],
      summary: "Writes a spreadsheet's changes to the catalogue, all or nothing",
      description: `${FILE_BODY_DESCRIPTION} The same file the dry run answered (preview) is sent again and checked again as the dry run checks it: with a refused row nothing is written (400 IMPORT_ROWS_REFUSED; the preview names the rows). Otherwise every changed and every new machine is written in one transaction, through the product form's checks (a new machine's pictures through the admin upload's pipeline first: a picture it refuses is 400 with the form's code, the row's cell and the picture in its path), and the cached pages of both languages are renewed once, after it. A machine saved by someone else since the file was read refuses the whole import (409 ERROR_EDIT_CONFLICT, as the form's save). Nothing changed: nothing written.`,
      middleware: importBody,
      request: fileBody,
      responses: {
        200: {
          description:
            "What was written: machines created, changed, and rows left unchanged. Asked with `Accept: application/x-ndjson`, the reply is the commit's progress once the file is checked: one JSON line `{progress: {phase, done, total}}` per step (`pictures`: the new machines' pictures made, 0 to the new rows; `writing`: the machines written in the transaction, 0 to the new and changed rows), then `{summary}`, or `{status, error}` / `{status, errors}` with what refused it (nothing written).",
          content: {
            "application/json": { schema: importSummarySchema },
            [NDJSON_TYPE]: { schema: importProgressLineSchema },
          },
        },
        ...errorReplies({
          ...FILE_ERRORS,
          400: `IMPORT_ROWS_REFUSED (a row the preview refuses), INVALID_PRODUCT_HEADER_PHOTO_IMAGE / INVALID_PRODUCT_GALLERY_IMAGE / ERROR_IMAGE_TOO_LARGE (a new machine's picture the upload's pipeline refuses), ${FILE_ERRORS[400]}`,
          409: "ERROR_EDIT_CONFLICT: a machine of the file was saved since it was read; nothing was written.",
        }),
      },
    }),
    async (c) => {
      const { services } = c.var;
      if ((c.req.header("Accept") ?? "").includes(NDJSON_TYPE))
        // The route documents this 200 as application/x-ndjson; Hono's types know its replies as JSON only.
        return c.body(await committedWithProgress(c.req.raw, services, actorOf(c)), 200, {
          "Content-Type": NDJSON_TYPE,
          "X-Accel-Buffering": "no",
        }) as never;
      return c.json(await withUpload(c.req.raw, services, (source) => commitImport(services, actorOf(c), source)), 200);
    },
  );
