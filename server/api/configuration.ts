import { Hono } from "hono";
import { configurationEntries } from "../catalogue/views.ts";
import type { ApiEnv } from "./env.ts";

export const configurationRoutes = new Hono<ApiEnv>().get("/", async (c) =>
  c.json(await configurationEntries(c.var.services.db)),
);
