import { Hono } from "hono";
import { allCategories, categoryById } from "../catalogue/views.ts";
import type { ApiEnv } from "./env.ts";
import { found, uuidParam } from "./params.ts";

export const categoryRoutes = new Hono<ApiEnv>()
  .get("/", async (c) => c.json(await allCategories(c.var.services.db)))
  .get("/:uuid", async (c) => {
    const id = uuidParam(c.req.param("uuid"), "ERROR_GET_CATEGORY");
    return c.json(found(await categoryById(c.var.services.db, id), "ERROR_GET_CATEGORY"));
  });
