import { Hono } from "hono";
import { configurationUpdateSchema } from "../../common/schemas/configuration.ts";
import { requireAdmin } from "../auth/require-admin.ts";
import { configurationEntries } from "../catalogue/read.ts";
import { updateConfiguration } from "../catalogue/writes-configuration.ts";
import { SMALL_BODY_LIMIT, limitBody } from "./body-limit.ts";
import type { ApiEnv } from "../http-env.ts";
import { readJsonValue } from "./json-body.ts";

/** The contact configuration: read by every page, changed by the admin (bearer token) as a list of entries. */
export const configurationRoutes = new Hono<ApiEnv>()
  .get("/", async (c) => c.json(await configurationEntries(c.var.services.db)))
  .put("/update", requireAdmin, limitBody(SMALL_BODY_LIMIT), async (c) => {
    const entries = await readJsonValue(c, configurationUpdateSchema);
    return c.json(await updateConfiguration(c.var.services, entries));
  });
