import { z } from "zod";
import { categoryCreateSchema, categoryUpdateSchema } from "../../common/schemas/category.ts";
import { allCategories, categoryById } from "../catalogue/read.ts";
import { createCategory, removeCategory, renameCategory } from "../catalogue/writes-categories.ts";
import { limitBody } from "../http/body-limit.ts";
import { SMALL_BODY_LIMIT } from "./body-sizes.ts";
import { found, uuidParam } from "./params.ts";
import { categoryView } from "./reply-schemas.ts";
import { adminRoute, apiRouter, errorReplies, idParams, jsonReply, objectBody, publicRoute } from "./route-factory.ts";

const taken = "ERROR_CATEGORY_EXIST: the name (as a slug) is taken.";

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
      responses: { 200: jsonReply("The category.", categoryView), ...errorReplies({ 404: "ERROR_GET_CATEGORY: no category has this id." }) },
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
      tags: ["categories"],
      summary: "Create a category",
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { body: objectBody(categoryCreateSchema) },
      responses: { 201: jsonReply("Created.", categoryView), ...errorReplies({ 409: taken }) },
    }),
    async (c) => c.json(await createCategory(c.var.services, c.req.valid("json")), 201),
  )
  .openapi(
    adminRoute({
      method: "put",
      path: "/update",
      operationId: "updateCategory",
      tags: ["categories"],
      summary: "Rename a category",
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { body: objectBody(categoryUpdateSchema) },
      responses: {
        200: jsonReply("Renamed.", categoryView),
        ...errorReplies({ 404: "ERROR_UPDATE_CATEGORY: no category has this uuid.", 409: taken }),
      },
    }),
    async (c) => c.json(await renameCategory(c.var.services, c.req.valid("json")), 200),
  )
  .openapi(
    adminRoute({
      method: "delete",
      path: "/{id}",
      operationId: "deleteCategory",
      tags: ["categories"],
      summary: "Delete a category",
      description: "Its products stay, shown under 'Necunoscut'.",
      request: { params: idParams },
      responses: { 204: { description: "Deleted." }, ...errorReplies({ 404: "ERROR_DELETE_CATEGORY: no category has this id." }) },
    }),
    async (c) => {
      await removeCategory(c.var.services, uuidParam(c.req.valid("param").id, "ERROR_DELETE_CATEGORY"));
      return c.body(null, 204);
    },
  );
