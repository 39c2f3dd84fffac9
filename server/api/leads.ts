import { z } from "zod";
import { actorOf } from "./require-admin.ts";
import { leadCountsSchema, leadOverviewSchema, leadStatusSchema } from "../../common/leads/lead-schemas.ts";
import {
  leadWithOfferFilterSchema,
  leadWithOfferListQuerySchema,
  leadWithOfferPageSchema,
  leadWithOfferViewSchema,
} from "../../common/offers/lead-offers.ts";
import { exportFileName, exportLeads } from "../leads/csv.ts";
import { logActivity } from "../activity/activity-log.ts";
import { changeLeadStatus, eraseLead, leadById, leadCounts, leadPage } from "../leads/inbox.ts";
import { leadOverview } from "../leads/overview.ts";
import { leadBookingsSchema } from "../../common/bookings/booking-schemas.ts";
import { createLeadBookings } from "../bookings/booking-writes.ts";
import { limitBody } from "../http/body-limit.ts";
import { NEW_BOOKING_FIELD_ERRORS, OVERBOOKING_RULE } from "./bookings.ts";
import { SMALL_BODY_LIMIT } from "./body-sizes.ts";
import { uuidParam } from "./params.ts";
import { bookingConflictBody, bookingView } from "./reply-schemas.ts";
import { adminRoute, apiRouter, errorReplies, idParams, jsonReply, objectBody } from "./route-factory.ts";
import { attachmentDisposition } from "../http/attachment.ts";
import { releasingMemoryWhenLarge } from "../http/after-answer.ts";

const leadViewReply = leadWithOfferViewSchema.meta({ id: "ContactRequestView" });
const leadPageReply = leadWithOfferPageSchema
  .extend({ items: z.array(leadViewReply) })
  .meta({ id: "ContactRequestPage" });
const leadCountsReply = leadCountsSchema.meta({ id: "ContactRequestCounts" });

const leadOverviewReply = leadOverviewSchema.meta({ id: "ContactRequestOverview" });

const badQuery =
  "INVALID_CONTACT_REQUEST_SEARCH (over 100 characters), INVALID_CONTACT_REQUEST_STATUS, INVALID_CONTACT_REQUEST_PRODUCT, INVALID_CONTACT_REQUEST_CATEGORY (not a UUID), INVALID_CONTACT_REQUEST_DATE (not a YYYY-MM-DD day from 2000-01-01 to 2999-12-31), INVALID_CONTACT_REQUEST_OFFER (not none or an offer's state), INVALID_CONTACT_REQUEST_PAGE or INVALID_CONTACT_REQUEST_PAGE_SIZE, one `errors` entry per parameter.";
const filterWords =
  "`product` and `category` find requests whose quote list asks for that machine, or a machine of that category; `startFrom`/`startTo` those with a machine wanted from a day in that range (with `product` or `category`: that machine); `receivedFrom`/`receivedTo` those received on those days (in Romania, both included); `offer` those without an offer (`none`) or whose newest offer (its newest version) is in that state, as each request's `offerState` says.";

/** The leads inbox ('Cereri oferta'), mounted at /api/contact/requests: admin only. Fixed paths come before `/{id}`. */
export const leadRoutes = apiRouter()
  .openapi(
    adminRoute({
      method: "get",
      path: "/",
      operationId: "listContactRequests",
      right: "leads",
      tags: ["contact"],
      summary: "Contact requests, newest first, one page",
      description: `\`q\` finds requests whose name, e-mail, phone or city contain each of its words, whatever the case and the diacritics; a phone number matches with or without separators. ${filterWords}`,
      request: { query: leadWithOfferListQuerySchema },
      responses: {
        200: jsonReply("The page and how many requests match in all.", leadPageReply),
        ...errorReplies({ 400: badQuery }),
      },
    }),
    async (c) => c.json(await leadPage(c.var.services, c.req.valid("query")), 200),
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/counts",
      operationId: "countContactRequests",
      right: "leads",
      tags: ["contact"],
      summary: "How many contact requests are in each status",
      responses: { 200: jsonReply("Counts by status; the admin menu shows `nou`.", leadCountsReply) },
    }),
    async (c) => c.json(await leadCounts(c.var.services), 200),
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/overview",
      operationId: "getContactRequestOverview",
      right: "leads",
      tags: ["contact"],
      summary:
        "The demand overview: requests per week, by status, the machines and categories most asked for, and the offers per month",
      description:
        "The last 12 weeks (Monday to Sunday in Romania, the current week last), every request by status, and the machines and categories of quote lists asked for by the most requests of the last 90 days (10 each). `offers`: the last 12 months (in Romania, the current month last), the offers sent (an offer number once, in the month its newest version was sent) and accepted (in the month the customer accepted), each with its count and its totals with and without VAT added in minor units of the site's currency (an offer written in another currency is counted, its value not added).",
      responses: { 200: jsonReply("The overview's figures.", leadOverviewReply) },
    }),
    async (c) => c.json(await leadOverview(c.var.services), 200),
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/export",
      operationId: "exportContactRequests",
      right: "leads",
      tags: ["contact"],
      summary: "The matching contact requests as a CSV file",
      description:
        "Every request the list's filter matches, newest first, one row per request with its machines in one column. UTF-8 with a byte-order mark, comma separated, every field quoted; a field starting with = + - @ is prefixed with an apostrophe (formula injection).",
      request: { query: leadWithOfferFilterSchema },
      responses: {
        200: { description: "The CSV file, as an attachment.", content: { "text/csv": { schema: z.string() } } },
        ...errorReplies({ 400: badQuery }),
      },
    }),
    async (c) => {
      const { services } = c.var;
      const filter = c.req.valid("query");
      // Who took the customers' personal data, and which: the export is itself a Jurnal entry.
      await logActivity(services.db, actorOf(c), {
        action: "export",
        kind: "lead",
        itemId: null,
        itemName: "Cereri oferta (CSV)",
        summary: `Export CSV al cererilor; filtru: ${JSON.stringify(filter)}`,
      });
      const csv = exportLeads(services, filter, (error) =>
        services.logger.error({ err: error }, "the contact requests' CSV failed mid-way"),
      );
      return c.body(releasingMemoryWhenLarge(c, csv), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": attachmentDisposition(exportFileName(new Date())),
      });
    },
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/{id}",
      operationId: "getContactRequest",
      right: "leads",
      tags: ["contact"],
      summary: "One contact request, with the delivery state of its e-mail",
      request: { params: idParams },
      responses: {
        200: jsonReply("The request.", leadViewReply),
        ...errorReplies({ 404: "ERROR_GET_CONTACT_REQUEST: no request has this id." }),
      },
    }),
    async (c) =>
      c.json(await leadById(c.var.services, uuidParam(c.req.valid("param").id, "ERROR_GET_CONTACT_REQUEST")), 200),
  )
  .openapi(
    adminRoute({
      method: "put",
      path: "/{id}/status",
      operationId: "updateContactRequestStatus",
      right: "leads",
      tags: ["contact"],
      summary: "Move a contact request to nou, contactat or finalizat",
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { params: idParams, body: objectBody(leadStatusSchema) },
      responses: {
        200: jsonReply("The request as stored.", leadViewReply),
        ...errorReplies({
          400: "REQUIRED_CONTACT_REQUEST_STATUS or INVALID_CONTACT_REQUEST_STATUS, or ERROR_BAD_REQUEST when the body is not JSON.",
          404: "ERROR_UPDATE_CONTACT_REQUEST: no request has this id.",
        }),
      },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_UPDATE_CONTACT_REQUEST");
      return c.json(await changeLeadStatus(c.var.services, actorOf(c), id, c.req.valid("json").status), 200);
    },
  )
  .openapi(
    adminRoute({
      method: "delete",
      path: "/{id}",
      operationId: "deleteContactRequest",
      right: "leads",
      tags: ["contact"],
      summary: "Erase a contact request",
      description:
        "A person's right to erasure: the request, the e-mail that reported it (outbox row) and its .eml copy are deleted, " +
        "and in the same transaction the customer leaves every offer written for it: name, company, e-mail, phone, the answer's " +
        "name, reason, address and browser, and the personal link; the e-mails that carried or answered those offers go too. " +
        "The offers keep their number, lines, totals and state.",
      request: { params: idParams },
      responses: {
        204: { description: "Erased." },
        ...errorReplies({ 404: "ERROR_DELETE_CONTACT_REQUEST: no request has this id." }),
      },
    }),
    async (c) => {
      await eraseLead(
        c.var.services,
        actorOf(c),
        uuidParam(c.req.valid("param").id, "ERROR_DELETE_CONTACT_REQUEST"),
        c.var.requestId,
      );
      return c.body(null, 204);
    },
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/{id}/bookings",
      operationId: "bookContactRequest",
      right: "leads",
      tags: ["bookings"],
      summary: "Book the machines of a contact request in one step",
      description: `One booking per item (machine, units, first and last day), all in \`state\`, each linked to the request; all are made or none (one transaction). The request's bookings are listed by GET /api/bookings?lead=<id>. ${OVERBOOKING_RULE} Here \`conflicts\` lists the days of every machine concerned.`,
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { params: idParams, body: objectBody(leadBookingsSchema) },
      responses: {
        201: jsonReply("The bookings as stored, in the items' order.", z.array(bookingView)),
        ...errorReplies({
          400: `INVALID_LEAD_BOOKINGS (not 1 to 10 items), INVALID_BOOKING_STATE, INVALID_BOOKING_CONFIRM_OVERBOOKING; per item at items.N.<field>: ${NEW_BOOKING_FIELD_ERRORS} BOOKING_IN_THE_PAST.`,
          404: "ERROR_BOOK_CONTACT_REQUEST: no request has this id.",
        }),
        409: jsonReply(
          "BOOKING_OVERBOOKED: the days beyond the fleet, per machine, are in `conflicts`.",
          bookingConflictBody,
        ),
      },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_BOOK_CONTACT_REQUEST");
      return c.json(await createLeadBookings(c.var.services, actorOf(c), id, c.req.valid("json")), 201);
    },
  );
