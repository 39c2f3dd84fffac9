import {
  REVISION_MAX_OFFSET,
  REVISION_PAGE_SIZE,
  revisionDetailSchema,
  revisionListQuerySchema,
  revisionPageSchema,
  revisionRestoredSchema,
  revisionRestoreSchema,
  importUndoneSchema,
} from "../../common/revisions/revision-schemas.ts";
import { undoImport } from "../revision-restore/undo-import.ts";
import { restoreRevision } from "../revision-restore/restore-revision.ts";
import { limitBody } from "../http/body-limit.ts";
import { revisionDetail, revisionPage } from "../revisions/revision-list.ts";
import { SMALL_BODY_LIMIT } from "./body-sizes.ts";
import { EDIT_CONFLICT } from "./edit-conflict-docs.ts";
import { uuidParam } from "./params.ts";
import type { Context } from "hono";
import { roleHasRight } from "../../common/team/roles.ts";
import { HttpError } from "../core/errors.ts";
import type { ApiEnv } from "../services.ts";
import { actorOf, signedInPerson } from "./require-admin.ts";
import { adminRoute, apiRouter, errorReplies, idParams, jsonReply, objectBody } from "./route-factory.ts";

const notFound = {
  404: "ERROR_REVISION_NOT_FOUND: no revision has this id (housekeeping pruned it, or it never was).",
};

/**
 * A revision carries the right of what it is of: a machine's or a category's the catalogue's (the
 * route's own), the configuration's that of Configurare (decision 091), so a Catalog account neither
 * reads nor restores the site's settings through their history.
 */
function requireRightOfKind(c: Context<ApiEnv>, kind: string | undefined): void {
  if (kind === "configuration" && !roleHasRight(signedInPerson(c).role, "configuration"))
    throw new HttpError(403, "ERROR_FORBIDDEN");
}

/** Revisions ('Istoric', decision 078), mounted at /api/revisions: admin only. */
export const revisionRoutes = apiRouter()
  .openapi(
    adminRoute({
      method: "get",
      path: "/",
      operationId: "listRevisions",
      right: "catalogue.write",
      tags: ["revisions"],
      summary: "An item's revisions, newest first, one page",
      description: `${REVISION_PAGE_SIZE} revisions of a machine, a category or the configuration (\`kind\`, \`item\`) from \`offset\` (at most ${REVISION_MAX_OFFSET}): when, by whom, what made it and a one-line summary.`,
      request: { query: revisionListQuerySchema },
      responses: {
        200: jsonReply("The page and whether older revisions follow.", revisionPageSchema.meta({ id: "RevisionPage" })),
        ...errorReplies({
          400: "INVALID_REVISION_KIND, INVALID_REVISION_ITEM (not a uuid nor `configuration`), INVALID_REVISION_OFFSET, one `errors` entry per parameter.",
        }),
      },
    }),
    async (c) => {
      requireRightOfKind(c, c.req.valid("query").kind);
      return c.json(await revisionPage(c.var.services.db, c.req.valid("query")), 200);
    },
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/{id}",
      operationId: "readRevision",
      right: "catalogue.write",
      tags: ["revisions"],
      summary: "One revision, with its changes against the revision before it",
      description:
        "Field by field, in words: a rich text as its plain text with its word diff (`words`), a category by its name, a gallery counted, a specification's value with its unit. An item's oldest kept revision has no changes (`previousAt` null).",
      request: { params: idParams },
      responses: {
        200: jsonReply("The revision.", revisionDetailSchema.meta({ id: "RevisionDetail" })),
        ...errorReplies(notFound),
      },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_REVISION_NOT_FOUND");
      return c.json(await revisionDetail(c.var.services.db, id, (kind) => requireRightOfKind(c, kind)), 200);
    },
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/{id}/restore",
      operationId: "restoreRevision",
      right: "catalogue.write",
      tags: ["revisions"],
      summary: "Save a revision's state again, as a new revision",
      description:
        "The revision's state goes through the same validation and write as the form's save (history is never rewritten: the restore is the newest revision, and an entry of the activity log). `version`: the item's version as the form read it (decision 068). A category's restore that removes machines' values answers 409 SPECIFICATION_VALUES_AFFECTED until `confirm_value_changes` is true.",
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { params: idParams, body: objectBody(revisionRestoreSchema) },
      responses: {
        200: jsonReply("Restored.", revisionRestoredSchema.meta({ id: "RevisionRestored" })),
        ...errorReplies({
          400: "INVALID_EDIT_VERSION, INVALID_CATEGORY_SPECIFICATIONS; the form's codes when the state no longer passes its rules; ERROR_BAD_REQUEST when the body is not JSON.",
          ...notFound,
          409: `${EDIT_CONFLICT} REVISION_ITEM_GONE: the machine or category is in the trash or purged; REVISION_CATEGORY_GONE: the machine's category then no longer exists; REVISION_PICTURES_GONE: a picture it shows was deleted; ERROR_PRODUCT_EXIST / ERROR_CATEGORY_EXIST: another item has its name now; SPECIFICATION_VALUES_AFFECTED.`,
        }),
      },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_REVISION_NOT_FOUND");
      const guardKind = (kind: string) => requireRightOfKind(c, kind);
      return c.json(await restoreRevision(c.var.services, actorOf(c), id, c.req.valid("json"), guardKind), 200);
    },
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/imports/{id}/undo",
      operationId: "undoImport",
      right: "catalogue.write",
      tags: ["revisions"],
      summary: "Undo a spreadsheet import as one step",
      description:
        "`id`: the import's entry of the activity log. Every machine the import changed goes back to its revision before it, in one transaction, with the form's checks; each gets a new revision and the undo one log entry.",
      request: { params: idParams },
      responses: {
        200: jsonReply("Undone.", importUndoneSchema.meta({ id: "ImportUndone" })),
        ...errorReplies({
          404: "ERROR_IMPORT_NOT_FOUND: no revision names this import (not an import, or its history was pruned).",
          409: "IMPORT_UNDO_CHANGED_SINCE: a machine of the import was saved since (or the import was undone already); IMPORT_UNDO_TRASHED: one is in the trash; IMPORT_UNDO_HISTORY_GONE: a machine's version before the import was pruned; ERROR_PRODUCT_EXIST: another machine took a model back meanwhile.",
        }),
      },
    }),
    async (c) =>
      c.json(
        await undoImport(c.var.services, actorOf(c), uuidParam(c.req.valid("param").id, "ERROR_IMPORT_NOT_FOUND")),
        200,
      ),
  );
