import { z } from "zod";
import { actorOf } from "./require-admin.ts";
import { categoryCreateSchema, categoryUpdateSchema } from "../../common/schemas/category.ts";
import { allCategories, categoryById } from "../catalogue/read.ts";
import { createCategory, removeCategory, renameCategory } from "../catalogue/writes-categories.ts";
import { limitBody } from "../http/body-limit.ts";
import { CATEGORY_BODY_LIMIT } from "./body-sizes.ts";
import { found, uuidParam } from "./params.ts";
import { categoryView, categoryConflictBody } from "./reply-schemas.ts";
import { EDIT_CONFLICT, EDIT_VERSION_RULE } from "./edit-conflict-docs.ts";
import { adminRoute, apiRouter, errorReplies, idParams, jsonReply, objectBody, publicRoute } from "./route-factory.ts";

const taken = "ERROR_CATEGORY_EXIST: the name (as a slug) is taken.";

/** How the category payloads' specifications are checked, for the documentation of both writes. */
const specificationRules =
  "`specifications` (optional, decision 057) is the category's full ordered list of typed specifications; each is refused at " +
  "`specifications.N.field` with INVALID_CATEGORY_SPECIFICATIONS (not a list, over 30), REQUIRED_SPECIFICATION_NAME, " +
  "INVALID_SPECIFICATION_NAME / INVALID_SPECIFICATION_NAME_EN (over 60 characters, control characters), DUPLICATE_SPECIFICATION_NAME, " +
  "INVALID_SPECIFICATION_KIND, INVALID_SPECIFICATION_UNIT, INVALID_SPECIFICATION_OPTIONS (a choice needs 2 to 20, other kinds none; an unknown option uuid), " +
  "REQUIRED_SPECIFICATION_OPTION_NAME, DUPLICATE_SPECIFICATION_OPTION, TOO_MANY_CARD_SPECIFICATIONS (over 3 on the cards) or UNKNOWN_SPECIFICATION " +
  "(a uuid that is not this category's). Keys (filter address names) are made by the server from the Romanian name and never change.";

/** Reads are public; writes need the admin's bearer token. Fixed paths and methods never meet `/{id}` GET. */
export const categoryRoutes = apiRouter()
  .openapi(
    publicRoute({
      method: "get",
      path: "/",
      operationId: "listCategories",
      tags: ["categories"],
      summary: "All categories",
      responses: { 200: jsonReply("The categories, by name.", z.array(categoryView)) },
    }),
    async (c) => c.json(await allCategories(c.var.services.db), 200),
  )
  .openapi(
    publicRoute({
      method: "get",
      path: "/{id}",
      operationId: "getCategory",
      tags: ["categories"],
      summary: "One category",
      request: { params: idParams },
      responses: {
        200: jsonReply("The category.", categoryView),
        ...errorReplies({ 404: "ERROR_GET_CATEGORY: no category has this id." }),
      },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_GET_CATEGORY");
      return c.json(found(await categoryById(c.var.services.db, id), "ERROR_GET_CATEGORY"), 200);
    },
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/create",
      operationId: "createCategory",
      right: "catalogue.write",
      tags: ["categories"],
      summary: "Create a category",
      description: specificationRules,
      middleware: [limitBody(CATEGORY_BODY_LIMIT)],
      request: { body: objectBody(categoryCreateSchema) },
      responses: { 201: jsonReply("Created.", categoryView), ...errorReplies({ 409: taken }) },
    }),
    async (c) => c.json(await createCategory(c.var.services, actorOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    adminRoute({
      method: "put",
      path: "/update",
      operationId: "updateCategory",
      right: "catalogue.write",
      tags: ["categories"],
      summary: "Rename a category, change its specifications",
      description:
        `${specificationRules} Left out, the stored specifications stay; a stored one missing from the list is removed with its values, ` +
        "a renamed one keeps them. A change that would remove machines' values (a removed specification or chosen option, a changed kind) " +
        "or reinterpret them (a changed unit: the numbers stay, read in the new unit) is refused with 409 SPECIFICATION_VALUES_AFFECTED " +
        "and its `affected` list unless `confirm_value_changes` is true. " +
        EDIT_VERSION_RULE,
      middleware: [limitBody(CATEGORY_BODY_LIMIT)],
      request: { body: objectBody(categoryUpdateSchema) },
      responses: {
        200: jsonReply("Renamed.", categoryView),
        ...errorReplies({ 404: "ERROR_UPDATE_CATEGORY: no category has this uuid." }),
        409: jsonReply(
          `${taken} ${EDIT_CONFLICT} SPECIFICATION_VALUES_AFFECTED: the change touches stored values (listed in \`affected\`); send again with confirm_value_changes.`,
          categoryConflictBody,
        ),
      },
    }),
    async (c) => c.json(await renameCategory(c.var.services, actorOf(c), c.req.valid("json")), 200),
  )
  .openapi(
    adminRoute({
      method: "delete",
      path: "/{id}",
      operationId: "deleteCategory",
      right: "catalogue.write",
      tags: ["categories"],
      summary: "Delete a category",
      description: "Its products stay, shown under 'Necunoscut'.",
      request: { params: idParams },
      responses: {
        204: { description: "Deleted." },
        ...errorReplies({ 404: "ERROR_DELETE_CATEGORY: no category has this id." }),
      },
    }),
    async (c) => {
      await removeCategory(c.var.services, actorOf(c), uuidParam(c.req.valid("param").id, "ERROR_DELETE_CATEGORY"));
      return c.body(null, 204);
    },
  );
