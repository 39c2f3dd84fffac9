import type { Context } from "hono";
import { z } from "zod";
import { offerAcceptSchema, offerLinkViewSchema, offerRefuseSchema } from "../../common/offers/offer-link-schemas.ts";
import { clientAddress } from "../http/client-address.ts";
import { privateReply } from "../http/private-reply.ts";
import { takeOrRefuse } from "../http/rate-limiter.ts";
import { acceptOfferLink, refuseOfferLink, type Answerer } from "../offers/offer-answers.ts";
import { offerLinkView } from "../offers/offer-link-reads.ts";
import type { ApiEnv } from "../services.ts";
import { apiRouter, errorReplies, jsonReply, objectBody, publicRoute } from "./route-factory.ts";

const linkView = offerLinkViewSchema.meta({ id: "OfferLink" });

const tokenParams = z.object({
  token: z.string().meta({
    description: "The token of the offer's personal link (/oferta/<token>, from the customer's e-mail).",
  }),
});

const LINK_ERRORS = {
  404: "ERROR_OFFER_LINK_NOT_FOUND: the token opens no offer (unknown, tampered, or never sent).",
  410: "OFFER_LINK_EXPIRED, OFFER_LINK_CANCELLED, OFFER_LINK_REPLACED (a newer version was sent): the offer no longer holds; call the company.",
  429: "ERROR_TOO_MANY_REQUESTS: the client's budget of page renders (PAGE_RENDER_RATE_LIMIT a minute) is spent.",
} as const;

const ANSWER_ERRORS = {
  ...LINK_ERRORS,
  409: "OFFER_ALREADY_ANSWERED: the offer has the other answer (of an acceptance and a refusal at once, one wins); OFFER_CONTENT_CHANGED: `content_hash` is not the offer's content now.",
} as const;

/** The client's address (the proxy-aware one of the rate limits) and its browser, counted against its renders. */
function answererOf(c: Context<ApiEnv>): Answerer {
  const address = clientAddress(c, c.var.services.config);
  takeOrRefuse(c.var.services.rateLimits.pageRenders, address);
  return { address, userAgent: c.req.header("User-Agent") ?? "" };
}

/**
 * An offer's personal link for clients (decision 097), mounted at /api/offer-links: public, no
 * account, the token the only key. The page /oferta/<token> answers through the same functions.
 */
export const offerLinkRoutes = apiRouter()
  .openapi(
    publicRoute({
      method: "get",
      path: "/{token}",
      operationId: "getOfferLink",
      tags: ["offer-links"],
      summary: "The offer a personal link opens, as its customer reads it",
      description:
        "The content, its `content_hash` (SHA-256 of its canonical JSON: the proof an answer keeps), the answer when there is one, the company's phone and the PDF's address. Never cached (`Cache-Control: private, no-store`), never indexed (`X-Robots-Tag`).",
      middleware: [privateReply],
      request: { params: tokenParams },
      responses: { 200: jsonReply("The offer.", linkView), ...errorReplies(LINK_ERRORS) },
    }),
    async (c) => {
      answererOf(c);
      return c.json(await offerLinkView(c.var.services.db, c.req.valid("param").token), 200);
    },
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/{token}/accept",
      operationId: "acceptOfferLink",
      tags: ["offer-links"],
      summary: "Accept the offer: its tentative bookings become confirmed",
      description:
        "In one transaction the offer becomes acceptata with its proof (when, the name typed, the address and browser, the content's hash), its tentative bookings become confirmat (or, when a unit was confirmed to someone else meanwhile, none: `answer.booking_conflict` is true and the company calls), the request becomes finalizat, and the confirmation e-mail (with the rental's days as an .ics file) and the office's e-mail are queued. The same acceptance again returns the answer given.",
      middleware: [privateReply],
      request: { params: tokenParams, body: objectBody(offerAcceptSchema) },
      responses: {
        200: jsonReply("The offer, answered.", linkView),
        ...errorReplies({
          ...ANSWER_ERRORS,
          400: "One `errors` entry per invalid field: REQUIRED_/INVALID_OFFER_ANSWER_NAME, REQUIRED_OFFER_TERMS_ACCEPTED, INVALID_OFFER_CONTENT_HASH; ERROR_BAD_REQUEST when the body is not JSON.",
        }),
      },
    }),
    async (c) =>
      c.json(
        await acceptOfferLink(c.var.services, c.req.valid("param").token, c.req.valid("json"), answererOf(c)),
        200,
      ),
  )
  .openapi(
    publicRoute({
      method: "post",
      path: "/{token}/refuse",
      operationId: "refuseOfferLink",
      tags: ["offer-links"],
      summary: "Refuse the offer, with an optional reason: its tentative bookings are released",
      description:
        "The offer becomes refuzata with the reason as written (plain text, at most 1000 characters), its tentative bookings are cancelled, the request becomes finalizat and the office's e-mail is queued. The same refusal again returns the answer given.",
      middleware: [privateReply],
      request: { params: tokenParams, body: objectBody(offerRefuseSchema) },
      responses: {
        200: jsonReply("The offer, answered.", linkView),
        ...errorReplies({
          ...ANSWER_ERRORS,
          400: "One `errors` entry per invalid field: INVALID_OFFER_ANSWER_REASON, INVALID_OFFER_CONTENT_HASH; ERROR_BAD_REQUEST when the body is not JSON.",
        }),
      },
    }),
    async (c) =>
      c.json(
        await refuseOfferLink(c.var.services, c.req.valid("param").token, c.req.valid("json"), answererOf(c)),
        200,
      ),
  );
