import { z } from "zod";
import {
  OFFER_LINES_MAX,
  offerListQuerySchema,
  offerSummarySchema,
  offerViewSchema,
  offerWriteSchema,
} from "../../common/offers/offer-schemas.ts";
import { limitBody } from "../http/body-limit.ts";
import { offerById, offerDraftFromLead, offerList } from "../offers/offer-reads.ts";
import { offerPdf } from "../offers/offer-pdf.ts";
import { attachmentDisposition } from "../http/attachment.ts";
import { cancelOffer, createOffer, reviseOffer, updateOffer } from "../offers/offer-writes.ts";
import { sendOffer } from "../offers/offer-send.ts";
import { SMALL_BODY_LIMIT } from "./body-sizes.ts";
import { uuidParam } from "./params.ts";
import { actorOf } from "./require-admin.ts";
import { adminRoute, apiRouter, errorReplies, idParams, jsonReply, objectBody } from "./route-factory.ts";

const offerView = offerViewSchema.meta({ id: "Offer" });
const offerBody = offerWriteSchema.meta({ id: "OfferWrite" });

const FIELD_ERRORS =
  "One `errors` entry per invalid field: INVALID_OFFER_LEAD, UNKNOWN_OFFER_LEAD (no such request), REQUIRED_/INVALID_OFFER_CUSTOMER_NAME, " +
  "INVALID_OFFER_CUSTOMER_COMPANY, INVALID_OFFER_CUSTOMER_EMAIL, INVALID_OFFER_CUSTOMER_PHONE, INVALID_OFFER_LANGUAGE, INVALID_OFFER_VALID_UNTIL " +
  "(today to a year from today), INVALID_OFFER_VAT_RATE (0–10000), INVALID_OFFER_DISCOUNT (0–10000), INVALID_OFFER_NOTES, " +
  `OFFER_WITHOUT_LINES, OFFER_TOO_MANY_LINES (over ${OFFER_LINES_MAX}), OFFER_TOTAL_TOO_LARGE (a subtotal or total over 10^9); at lines.N: ` +
  "INVALID_OFFER_LINE_KIND, REQUIRED_/UNKNOWN_OFFER_LINE_MACHINE, OFFER_LINE_MACHINE_IN_TRASH, OFFER_LINE_UNITS_OVER_FLEET, " +
  "INVALID_BOOKING_UNITS, INVALID_BOOKING_FIRST_DAY, INVALID_BOOKING_LAST_DAY, BOOKING_LAST_DAY_BEFORE_FIRST, BOOKING_RANGE_TOO_LONG, " +
  "OFFER_LINE_IN_THE_PAST, INVALID_OFFER_LINE_OPERATOR, OFFER_LINE_WITHOUT_PRICE / OFFER_LINE_WITHOUT_OPERATOR_RATE (no rate: write the amount), " +
  "INVALID_PRICE_AMOUNT, PRICE_AMOUNT_NEGATIVE, PRICE_AMOUNT_NOT_WHOLE, PRICE_AMOUNT_TOO_LARGE (over 10^9), REQUIRED_/INVALID_OFFER_LINE_DESCRIPTION, " +
  "REQUIRED_OFFER_LINE_AMOUNT; ERROR_BAD_REQUEST when the body is not JSON.";

const HOW_PRICED =
  "Each machine line is priced by the one pricing rule (decision 081: the cheapest cover by months, weeks and days, the operator per day worked) " +
  "unless its `amount` is written; each line's discount, the offer's discount and VAT are rounded once each, and the totals are stored as computed.";

const draftQuery = z.object({
  request: z.string().meta({ description: "The request's id (a UUID); any other text is answered 404." }),
});

const offerParam = (id: string) => uuidParam(id, "ERROR_OFFER_NOT_FOUND");

/** The offers (decision 094), mounted at /api/offers: admin only. Fixed paths come before `/{id}`. */
export const offerRoutes = apiRouter()
  .openapi(
    adminRoute({
      right: "offers",
      method: "get",
      path: "/",
      operationId: "listOffers",
      tags: ["offers"],
      summary: "Offers, newest first, by state or request",
      description: "At most 500: narrow by state or request for older ones.",
      request: { query: offerListQuerySchema },
      responses: {
        200: jsonReply("The offers.", z.array(offerSummarySchema)),
        ...errorReplies({
          400: "INVALID_OFFER_STATE, INVALID_OFFER_LEAD: an unknown state, a request id that is not a UUID.",
        }),
      },
    }),
    async (c) => c.json(await offerList(c.var.services, c.req.valid("query")), 200),
  )
  .openapi(
    adminRoute({
      right: "offers",
      method: "get",
      path: "/draft",
      operationId: "getOfferDraftFromRequest",
      tags: ["offers"],
      summary: "A new offer's body prefilled from a request ('Creați ofertă'); nothing is stored",
      description:
        "The request's customer and language, and one machine line per machine of its quote list still in the catalogue, with its days and operator " +
        "(one unit; a start not given or already past becomes tomorrow). Saved with POST /api/offers, each line is priced by the rule.",
      request: { query: draftQuery },
      responses: {
        200: jsonReply("The body of POST /api/offers.", offerBody),
        ...errorReplies({ 404: "ERROR_OFFER_CONTACT_REQUEST: no such request." }),
      },
    }),
    async (c) =>
      c.json(
        await offerDraftFromLead(
          c.var.services,
          uuidParam(c.req.valid("query").request, "ERROR_OFFER_CONTACT_REQUEST"),
        ),
        200,
      ),
  )
  .openapi(
    adminRoute({
      right: "offers",
      method: "post",
      path: "/",
      operationId: "createOffer",
      tags: ["offers"],
      summary: "Write a new offer (a draft), from a request or from scratch",
      description: `The draft gets its number, OF-<year>-<sequence>, sequential per year and never given twice, in its own transaction. ${HOW_PRICED}`,
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { body: objectBody(offerWriteSchema) },
      responses: {
        201: jsonReply("The offer as stored.", offerView),
        ...errorReplies({ 400: FIELD_ERRORS }),
      },
    }),
    async (c) => c.json(await createOffer(c.var.services, actorOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    adminRoute({
      right: "offers",
      method: "get",
      path: "/{id}",
      operationId: "getOffer",
      tags: ["offers"],
      summary: "An offer with its lines, totals and every version of its number",
      request: { params: idParams },
      responses: {
        200: jsonReply("The offer.", offerView),
        ...errorReplies({ 404: "ERROR_OFFER_NOT_FOUND: no such offer." }),
      },
    }),
    async (c) => c.json(await offerById(c.var.services, offerParam(c.req.valid("param").id)), 200),
  )
  .openapi(
    adminRoute({
      right: "offers",
      method: "get",
      path: "/{id}/pdf",
      operationId: "getOfferPdf",
      tags: ["offers"],
      summary: "The offer's document: a PDF of this version in the customer's language",
      description:
        "A4, fonts embedded: the company's letterhead (Configurare: company_legal_name, company_cui, company_reg_com, company_address, company_iban), " +
        "the number and version, date and validity, the customer, each line with its days, units, operator and the rate the pricing rule applied, " +
        "the discounts, subtotal, VAT and total, the notes and the terms of rental (offer_terms or offer_terms_en), and a QR code of the company's site. " +
        "Up to 12 lines fit one page; longer offers continue on the next with the totals. Drawn at each call in the spec sheets' work pool, " +
        "named `<number>-v<version>.pdf` (OF-2026-0001-v1.pdf).",
      request: { params: idParams },
      responses: {
        200: {
          description: "The PDF, as an attachment.",
          content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
        },
        ...errorReplies({
          404: "ERROR_OFFER_NOT_FOUND: no such offer.",
          503: "ERROR_SERVER_BUSY: too many documents wait to be drawn; try again after Retry-After seconds.",
        }),
      },
    }),
    async (c) => {
      const { pdf, fileName } = await offerPdf(c.var.services, offerParam(c.req.valid("param").id));
      return c.body(new Uint8Array(pdf), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": attachmentDisposition(fileName),
      });
    },
  )
  .openapi(
    adminRoute({
      right: "offers",
      method: "put",
      path: "/{id}",
      operationId: "updateOffer",
      tags: ["offers"],
      summary: "Save a draft whole",
      description: `Only a draft (ciorna) changes; a sent offer's change is a new version (POST /api/offers/{id}/versions). ${HOW_PRICED}`,
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { params: idParams, body: objectBody(offerWriteSchema) },
      responses: {
        200: jsonReply("The offer as stored.", offerView),
        ...errorReplies({
          400: FIELD_ERRORS,
          404: "ERROR_OFFER_NOT_FOUND: no such offer.",
          409: "OFFER_NOT_DRAFT: the offer was sent (or closed); it is never changed.",
        }),
      },
    }),
    async (c) =>
      c.json(
        await updateOffer(c.var.services, actorOf(c), offerParam(c.req.valid("param").id), c.req.valid("json")),
        200,
      ),
  )
  .openapi(
    adminRoute({
      right: "offers",
      method: "post",
      path: "/{id}/versions",
      operationId: "reviseOffer",
      tags: ["offers"],
      summary: "Make the next version of a sent offer: a draft under the same number, the sent one kept",
      request: { params: idParams },
      responses: {
        201: jsonReply("The new version (a draft).", offerView),
        ...errorReplies({
          404: "ERROR_OFFER_NOT_FOUND: no such offer.",
          409: "OFFER_NOT_SENT: the offer is not a sent one; OFFER_HAS_NEWER_VERSION: a newer version exists (of two at once, one is made).",
        }),
      },
    }),
    async (c) => c.json(await reviseOffer(c.var.services, actorOf(c), offerParam(c.req.valid("param").id)), 201),
  )
  .openapi(
    adminRoute({
      right: "offers",
      method: "post",
      path: "/{id}/send",
      operationId: "sendOffer",
      tags: ["offers"],
      summary: "Send a draft to its customer: the e-mail with the PDF and a personal link, the machines held",
      description:
        "In one transaction: the draft becomes sent (trimisa, `sent_at`), with a personal link `/oferta/<token>` (a long random token, " +
        "stored hashed); an older sent version of the same number becomes inlocuita and its holds are released; one tentative booking " +
        "per machine line holds its units and days until the offer is answered, expires, is cancelled or replaced (the planner and the " +
        "availability warnings count it, and a hold over a fleet already taken is allowed, as any tentative booking); the request, if it " +
        "was nou, becomes contactat; a Jurnal entry; and the e-mail to `customer_email`, in the offer's language, reply-to the company's " +
        "contact address (contact_mail_to), with the link in its text and HTML bodies and the PDF attached (its QR code and a printed " +
        "line hold the link). The PDF is drawn first, in the spec sheets' work pool: when it is full nothing is written. The prices are " +
        "sent as saved; the lines are checked again (their machine, fleet and days). Two sends at once of one draft: one sends, the other is 409.",
      request: { params: idParams },
      responses: {
        200: jsonReply("The offer, sent.", offerView),
        ...errorReplies({
          400:
            "A line no longer valid, at lines.N: OFFER_LINE_MACHINE_IN_TRASH, UNKNOWN_OFFER_LINE_MACHINE (deleted since), " +
            "OFFER_LINE_UNITS_OVER_FLEET (the fleet lowered since), OFFER_LINE_IN_THE_PAST (its first day has passed: change the draft).",
          404: "ERROR_OFFER_NOT_FOUND: no such offer.",
          409:
            "OFFER_NOT_DRAFT: the offer is not a draft (sent already, of two sends at once the second, or closed); " +
            "OFFER_WITHOUT_EMAIL: the draft has no customer e-mail; OFFER_VALIDITY_PASSED: its validity date is before today; " +
            "OFFER_CHANGED_WHILE_SENDING: the draft was saved while its PDF was drawn (send again).",
          503: "ERROR_SERVER_BUSY: too many documents wait to be drawn; nothing was sent, try again after Retry-After seconds.",
        }),
      },
    }),
    async (c) => c.json(await sendOffer(c.var.services, actorOf(c), offerParam(c.req.valid("param").id)), 200),
  )
  .openapi(
    adminRoute({
      right: "offers",
      method: "post",
      path: "/{id}/cancel",
      operationId: "cancelOffer",
      tags: ["offers"],
      summary: "Cancel a draft or a sent offer (a sent one's tentative holds are released)",
      request: { params: idParams },
      responses: {
        200: jsonReply("The offer, cancelled (anulata).", offerView),
        ...errorReplies({
          404: "ERROR_OFFER_NOT_FOUND: no such offer.",
          409: "OFFER_CLOSED: the offer is already accepted, refused, expired, cancelled or replaced.",
        }),
      },
    }),
    async (c) => c.json(await cancelOffer(c.var.services, actorOf(c), offerParam(c.req.valid("param").id)), 200),
  );
