import type { Context } from "hono";
import type { SessionClient } from "../auth/sessions.ts";
import { clientAddress } from "../http/client-address.ts";
import type { ApiEnv } from "../services.ts";

/** The browser and address of this request, as the sessions list will show the session it opens or renews. */
export function sessionClientOf(c: Context<ApiEnv>): SessionClient {
  return {
    userAgent: c.req.header("User-Agent") ?? "",
    address: clientAddress(c, c.var.services.config),
  };
}
