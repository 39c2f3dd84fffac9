import { Hono } from "hono";
import { BANNER_SIZE_LIMIT_BYTES } from "../../common/field-rules.ts";
import { bannerCreateSchema, bannerUpdateSchema } from "../../common/schemas/banner.ts";
import { requireAdmin } from "../auth/require-admin.ts";
import { allBanners } from "../catalogue/read.ts";
import { changeBanner, createBanners, removeBanner } from "../catalogue/writes-banners.ts";
import { limitBody, picturesBodyLimit } from "./body-limit.ts";
import type { ApiEnv } from "../http-env.ts";
import { readJsonBody, readJsonValue } from "./json-body.ts";
import { found, uuidParam } from "./params.ts";

/**
 * The layout pre-loads the first banner and fetches the rest a second later (spec §2):
 * /banner/first is that first one, /banner the rest, /banner/all every banner. Writes need the
 * admin's bearer token; creating takes up to five pictures (the API's global body limit fits them).
 */
export const bannerRoutes = new Hono<ApiEnv>()
  .get("/", async (c) => c.json((await allBanners(c.var.services.db)).slice(1)))
  .get("/all", async (c) => c.json(await allBanners(c.var.services.db)))
  .get("/first", async (c) => c.json(found((await allBanners(c.var.services.db))[0], "ERROR_GET_BANNER_PHOTOS")))
  .post("/create", requireAdmin, async (c) => {
    const input = await readJsonValue(c, bannerCreateSchema);
    return c.json(await createBanners(c.var.services, input), 201);
  })
  .put("/update", requireAdmin, limitBody(picturesBodyLimit(1, BANNER_SIZE_LIMIT_BYTES)), async (c) => {
    const input = await readJsonBody(c, bannerUpdateSchema);
    return c.json(await changeBanner(c.var.services, input));
  })
  .delete("/:id", requireAdmin, async (c) => {
    await removeBanner(c.var.services, uuidParam(c.req.param("id"), "ERROR_DELETE_BANNER_PHOTO"));
    return c.body(null, 204);
  });
