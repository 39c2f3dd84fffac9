import { Hono, type MiddlewareHandler } from "hono";
import { contactSchema } from "../../common/schemas/contact.ts";
import { clientAddress, rateLimit } from "../auth/rate-limit.ts";
import { submitContactRequest } from "../contact/submit.ts";
import { limitBody } from "./body-limit.ts";
import type { ApiEnv } from "../http-env.ts";
import { readJsonBody } from "./json-body.ts";

/** A contact request is a few short texts: 32 KB leaves room for the longest message escaped in JSON. */
export const CONTACT_BODY_LIMIT = 32 * 1024;

/** Challenges and answers are for one visitor, never for a cache. */
const noStore: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
};

/** The contact form's calls (spec §7 POST /contact), mounted at /api/contact. */
export const contactRoutes = new Hono<ApiEnv>()
  /** A fresh ALTCHA challenge for the browser to solve before it sends (404 with another CAPTCHA_PROVIDER). */
  .get("/challenge", noStore, async (c) => c.json(await c.var.services.captcha.challenge()))
  .post("/", noStore, limitBody(CONTACT_BODY_LIMIT), rateLimit((limits) => limits.contact), async (c) => {
    const request = await readJsonBody(c, contactSchema);
    const id = await submitContactRequest(c.var.services, request, { address: clientAddress(c), requestId: c.var.requestId });
    return c.json({ id }, 201);
  });
