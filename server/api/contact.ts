import { z } from "zod";
import { contactSchema } from "../../common/leads/contact-schema.ts";
import { quoteMachinesQuerySchema, quoteMachinesSchema } from "../../common/leads/quote-list-schema.ts";
import { machinesStillOffered } from "../leads/quote-items.ts";
import { clientAddress } from "../http/client-address.ts";
import { LEAD_BODY_LIMIT } from "../leads/body-size.ts";
import { submitLead } from "../leads/store-request.ts";
import { noStore } from "../http/no-store.ts";
import { limitBody } from "../http/body-limit.ts";
import { apiRouter, errorReplies, jsonReply, objectBody, publicRoute } from "./route-factory.ts";

const contactCreated = z.object({ id: z.uuid() }).meta({ id: "ContactCreated" });
const altchaChallenge = z
  .object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() })
  .meta({
    id: "AltchaChallenge",
    description: "Solve with altcha-lib's solveChallenge; send base64(JSON { challenge, solution }).",
  });

const throttled = "ERROR_TOO_MANY_REQUESTS: too many attempts from this address; `Retry-After` says when to try again.";

/** The contact form's calls (spec §7 POST /contact), mounted at /api/contact. */
export const contactRoutes = apiRouter()
  .openapi(
    publicRoute({
      method: "get",
      path: "/challenge",
      operationId: "getContactChallenge",
      tags: ["contact"],
      summary: "An ALTCHA challenge for the contact form",
      description:
        "Signed with the server's secret, valid 10 minutes; the browser solves it and sends the answer as `recaptcha`. 404 unless CAPTCHA_PROVIDER is altcha.",
      middleware: [noStore],
      responses: {
        200: jsonReply("The challenge (altcha-lib 2 format).", altchaChallenge),
        ...errorReplies({ 404: "ERROR_NOT_FOUND: another captcha provider is configured." }),
      },
    }),
    async (c) => c.json(await c.var.services.captcha.challenge(), 200),
  )
  .openapi(
    publicRoute({
      method: "get",
      path: "/machines",
      operationId: "getQuoteListMachines",
      tags: ["contact"],
      summary: "The machines of a visitor's quote list, as the catalogue has them now",
      description:
        "`ids`: up to 10 product ids, comma separated. Answers those still in the catalogue, in the order asked, with their model, category names, page and the most units one request may ask for (`maxUnits`: the fleet, or 99 for a machine on request); an id that is not there (deleted since it was listed) is left out.",
      middleware: [noStore],
      request: { query: quoteMachinesQuerySchema },
      responses: {
        200: jsonReply("The machines found.", quoteMachinesSchema.meta({ id: "QuoteListMachines" })),
        ...errorReplies({ 400: "INVALID_QUOTE_PRODUCT (an id that is not a UUID) or TOO_MANY_QUOTE_ITEMS (over 10)." }),
      },
    }),
    async (c) => c.json({ machines: await machinesStillOffered(c.var.services.db, c.req.valid("query").ids) }, 200),
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/",
      operationId: "sendContactRequest",
      tags: ["contact"],
      summary: "Send a contact or quote request",
      description:
        "Stores the request and the e-mail that reports it to the company (contact_mail_to, contact_mail_to_second) in one transaction, then delivers it with retries. E-mail and phone are each required while the other is empty or invalid. `items`, optional, is the quote list: up to 10 machines, each once, with a start day from today to a year ahead (in Romania), 1 to 365 days or an end day, the units (optional, one when absent or null; a whole number up to the machine's fleet, or 99 for a machine on request) and the operator flag; a request without it that names a `product` asks for that machine. Limited per address; bodies over 32 KB are refused.",
      middleware: [noStore, limitBody(LEAD_BODY_LIMIT)],
      request: { body: objectBody(contactSchema) },
      responses: {
        201: jsonReply("Stored; the request's id.", contactCreated),
        ...errorReplies({
          400: "One `errors` entry per invalid field (INVALID_CAPTCHA_TOKEN on a wrong or expired captcha answer; for the quote list at `items.N.field`: INVALID_QUOTE_ITEMS, TOO_MANY_QUOTE_ITEMS, INVALID_QUOTE_PRODUCT (not in the catalogue), DUPLICATE_QUOTE_PRODUCT, INVALID_QUOTE_START_DATE, PAST_QUOTE_START_DATE, FAR_QUOTE_START_DATE, REQUIRED_QUOTE_START_DATE, INVALID_QUOTE_DAYS, INVALID_QUOTE_END_DATE, QUOTE_END_BEFORE_START, INVALID_QUOTE_OPERATOR, INVALID_QUOTE_UNITS (not a whole number from 1 to 999), QUOTE_UNITS_OVER_FLEET (more than the machine's fleet, or than 99 for a machine on request)), or ERROR_BAD_REQUEST when the body is not JSON.",
          409: "ERROR_RECAPTCHA_TOKEN: this captcha answer was used already, or the same request came from the same sender within 10 minutes.",
          413: "ERROR_PAYLOAD_TOO_LARGE: the body is over 32 KB.",
          429: throttled,
          503: "ERROR_CAPTCHA_UNAVAILABLE: the captcha provider could not be reached; try again.",
        }),
      },
    }),
    async (c) => {
      const id = await submitLead(c.var.services, c.req.valid("json"), {
        address: clientAddress(c, c.var.services.config),
        requestId: c.var.requestId,
      });
      return c.json({ id }, 201);
    },
  );
