import { Hono } from "hono";
import { categoryCreateSchema, categoryUpdateSchema } from "../../common/schemas/category.ts";
import { requireAdmin } from "../auth/require-admin.ts";
import { allCategories, categoryById } from "../catalogue/read.ts";
import { createCategory, removeCategory, renameCategory } from "../catalogue/writes-categories.ts";
import { SMALL_BODY_LIMIT, limitBody } from "./body-limit.ts";
import type { ApiEnv } from "../http-env.ts";
import { readJsonBody } from "./json-body.ts";
import { found, uuidParam } from "./params.ts";

/** Reads are public; writes need the admin's bearer token. Fixed paths and methods never meet `/:uuid` GET. */
export const categoryRoutes = new Hono<ApiEnv>()
  .get("/", async (c) => c.json(await allCategories(c.var.services.db)))
  .get("/:uuid", async (c) => {
    const id = uuidParam(c.req.param("uuid"), "ERROR_GET_CATEGORY");
    return c.json(found(await categoryById(c.var.services.db, id), "ERROR_GET_CATEGORY"));
  })
  .post("/create", requireAdmin, limitBody(SMALL_BODY_LIMIT), async (c) => {
    const input = await readJsonBody(c, categoryCreateSchema);
    return c.json(await createCategory(c.var.services, input), 201);
  })
  .put("/update", requireAdmin, limitBody(SMALL_BODY_LIMIT), async (c) => {
    const input = await readJsonBody(c, categoryUpdateSchema);
    return c.json(await renameCategory(c.var.services, input));
  })
  .delete("/:id", requireAdmin, async (c) => {
    await removeCategory(c.var.services, uuidParam(c.req.param("id"), "ERROR_DELETE_CATEGORY"));
    return c.body(null, 204);
  });
