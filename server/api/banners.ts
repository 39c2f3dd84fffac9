import { Hono } from "hono";
import { allBanners } from "../catalogue/views.ts";
import type { ApiEnv } from "./env.ts";
import { found } from "./params.ts";

/**
 * The layout pre-loads the first banner and fetches the rest a second later (spec §2):
 * /banner/first is that first one, /banner the rest, /banner/all every banner.
 */
export const bannerRoutes = new Hono<ApiEnv>()
  .get("/", async (c) => c.json((await allBanners(c.var.services.db)).slice(1)))
  .get("/all", async (c) => c.json(await allBanners(c.var.services.db)))
  .get("/first", async (c) => c.json(found((await allBanners(c.var.services.db))[0], "ERROR_GET_BANNER_PHOTOS")));
