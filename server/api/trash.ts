import { z } from "zod";
import { TRASH_KINDS, trashListSchema, trashRestoreSchema } from "../../common/trash/trash-schemas.ts";
import { purgeFromTrash } from "../trash/purge.ts";
import { restoreFromTrash } from "../trash/restore-from-trash.ts";
import { trashEntries } from "../trash/trash-list.ts";
import { limitBody } from "../http/body-limit.ts";
import { SMALL_BODY_LIMIT } from "./body-sizes.ts";
import { uuidParam } from "./params.ts";
import { actorOf } from "./require-admin.ts";
import { adminRoute, apiRouter, errorReplies, idParams, jsonReply, objectBody } from "./route-factory.ts";

const trashListReply = trashListSchema.meta({ id: "TrashList" });
const restoredReply = z
  .object({ kind: z.enum(TRASH_KINDS), itemId: z.string() })
  .meta({ id: "TrashRestored", description: "The item restored and its id (a machine's address is the one it had)." });
const notInTrash = { 404: "ERROR_TRASH_NOT_FOUND: no entry of the trash has this id (restored or purged)." };

/** The trash ('Cos', decision 074), mounted at /api/trash: admin only. */
export const trashRoutes = apiRouter()
  .openapi(
    adminRoute({
      method: "get",
      path: "/",
      operationId: "listTrash",
      right: "catalogue.write",
      tags: ["trash"],
      summary: "What was deleted, newest first",
      description:
        "Each entry: its kind, name, when and by whom it was deleted, and when housekeeping purges it (TRASH_RETENTION_DAYS).",
      responses: { 200: jsonReply("The trash.", trashListReply) },
    }),
    async (c) => c.json({ items: await trashEntries(c.var.services) }, 200),
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/{id}/restore",
      operationId: "restoreFromTrash",
      right: "catalogue.write",
      tags: ["trash"],
      summary: "Put a deleted item back as it was",
      description:
        "A machine comes back with its id and address, texts in both languages, typed values, pictures in their order. `model` (optional) names it anew when another machine took its model meanwhile; its category in the trash too (the one it had when deleted, or the one whose delete left it without one) is 409 TRASH_CATEGORY_IN_TRASH unless `restore_category` is true (both come back) or false (the machine alone, without a category); a category deleted for good leaves it without one. A category comes back with its specifications and options, and the machines that were in it and have no category now, with their values; `category_name` names it anew when another category took its name meanwhile (also when it comes back with a machine). A banner picture comes back with its texts at its place in the carousel.",
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { params: idParams, body: objectBody(trashRestoreSchema) },
      responses: {
        200: jsonReply("Restored.", restoredReply),
        ...errorReplies({
          400: "REQUIRED_PRODUCT_MODEL or INVALID_PRODUCT_MODEL on `model`, INVALID_TRASH_RESTORE_CATEGORY on `restore_category`; ERROR_BAD_REQUEST when the body is not JSON.",
          ...notInTrash,
          409: "TRASH_MODEL_TAKEN: another machine has the model (as a slug) now, send `model`; TRASH_CATEGORY_IN_TRASH: the machine's category is in the trash, send `restore_category` (true: both, false: the machine alone); TRASH_CATEGORY_TAKEN: another category has the category's name now, send `category_name`; TRASH_BANNER_LIMIT: the carousel is full.",
        }),
      },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_TRASH_NOT_FOUND");
      return c.json(await restoreFromTrash(c.var.services, actorOf(c), id, c.req.valid("json")), 200);
    },
  )
  .openapi(
    adminRoute({
      method: "delete",
      path: "/{id}",
      operationId: "purgeFromTrash",
      right: "catalogue.write",
      tags: ["trash"],
      summary: "Delete an item of the trash for good",
      description: "Its rows, then its pictures' files; nothing can bring it back.",
      request: { params: idParams },
      responses: { 204: { description: "Purged." }, ...errorReplies(notInTrash) },
    }),
    async (c) => {
      await purgeFromTrash(c.var.services, actorOf(c), uuidParam(c.req.valid("param").id, "ERROR_TRASH_NOT_FOUND"));
      return c.body(null, 204);
    },
  );
