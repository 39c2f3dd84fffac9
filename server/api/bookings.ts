import { z } from "zod";
import {
  BOOKING_NOTE_MAX_LENGTH,
  bookingAvailabilityQuerySchema,
  bookingAvailabilitySchema,
  bookingCancelSchema,
  bookingCreateSchema,
  bookingListQuerySchema,
  bookingUpdateSchema,
} from "../../common/bookings/booking-schemas.ts";
import { bookingFeed, feedActive, renewFeedToken } from "../bookings/booking-feed.ts";
import { bookingAvailability, bookingById, bookingList } from "../bookings/booking-reads.ts";
import { actorOf } from "./require-admin.ts";
import { cancelBooking, changeBooking, createBooking } from "../bookings/booking-writes.ts";
import { limitBody } from "../http/body-limit.ts";
import { SMALL_BODY_LIMIT } from "./body-sizes.ts";
import { EDIT_CONFLICT, EDIT_VERSION_RULE } from "./edit-conflict-docs.ts";
import { uuidParam } from "./params.ts";
import { bookingConflictBody, bookingView } from "./reply-schemas.ts";
import { adminRoute, apiRouter, errorReplies, idParams, jsonReply, objectBody, publicRoute } from "./route-factory.ts";

const bookings = z.array(bookingView);
const bookingAvailabilityView = bookingAvailabilitySchema.meta({ id: "BookingAvailability" });

export const OVERBOOKING_RULE =
  "A confirmed booking that, with the other confirmed bookings of its machine, would take more units than the fleet on any day is refused " +
  "with 409 BOOKING_OVERBOOKED and those days in `conflicts`, unless `confirm_overbooking` is true: then it is stored with `overbooked` true. " +
  "Tentative bookings never count against a confirmation. The check and the write are one transaction that no other booking write can " +
  "interleave with (any number of instances): of two confirmations of the last unit exactly one succeeds.";

/** The 400 codes of a new booking's fields; a request's bookings report them at `items.N.<field>`. */
export const NEW_BOOKING_FIELD_ERRORS =
  "REQUIRED_BOOKING_PRODUCT, UNKNOWN_BOOKING_PRODUCT (no such machine), INVALID_BOOKING_UNITS (a whole number 1–999), BOOKING_UNITS_OVER_FLEET " +
  "(more units than the machine has; a machine of 0 units takes no booking), REQUIRED_/INVALID_BOOKING_FIRST_DAY and _LAST_DAY (a YYYY-MM-DD " +
  "day from 2000-01-01 to 2999-12-31), BOOKING_LAST_DAY_BEFORE_FIRST, BOOKING_RANGE_TOO_LONG (over 366 days, both ends counted), " +
  `INVALID_BOOKING_STATE, INVALID_BOOKING_NOTE (over ${BOOKING_NOTE_MAX_LENGTH} characters, or hidden characters), INVALID_BOOKING_LEAD, ` +
  "UNKNOWN_BOOKING_LEAD (no such request), INVALID_BOOKING_CONFIRM_OVERBOOKING, INVALID_EDIT_VERSION; one `errors` entry per field; " +
  "ERROR_BAD_REQUEST when the body is not JSON.";

const feedQuery = z.object({
  product: z
    .string()
    .optional()
    .meta({ description: "A machine's id: its bookings only (a machine that does not exist has none)." }),
});

/**
 * The fleet's bookings, mounted at /api/bookings: admin only (decision 070), but for the calendar
 * feed, which its secret address guards (decision 071). Fixed paths come before `/{id}`.
 */
export const bookingRoutes = apiRouter()
  .openapi(
    publicRoute({
      method: "get",
      path: "/feed/{token}/rezervari.ics",
      operationId: "getBookingFeed",
      tags: ["bookings"],
      summary: "The bookings as an iCalendar feed (RFC 5545), at a secret address",
      description:
        "`token` is the one in the address POST /api/bookings/feed/renew gives; only the latest works. All-day events (DTSTART/DTEND as dates, DTEND the day after the last), one per booking that is not cancelled and ended at most 90 days ago, with a stable UID, the summary `<model> x<units> (<state>)`, the note and the request's id in the description.",
      request: {
        params: z.object({ token: z.string().meta({ description: "The feed's secret token." }) }),
        query: feedQuery,
      },
      responses: {
        200: { description: "The calendar.", content: { "text/calendar": { schema: z.string() } } },
        ...errorReplies({ 404: "ERROR_BOOKING_FEED: no such token (never given, or renewed since)." }),
      },
    }),
    async (c) => {
      const product = c.req.valid("query").product;
      const productId = product === undefined ? undefined : product.toLowerCase();
      const text = await bookingFeed(c.var.services, c.req.valid("param").token, productId);
      return c.body(text, 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Cache-Control": "private, no-store",
      });
    },
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/feed",
      operationId: "getBookingFeedState",
      right: "bookings",
      tags: ["bookings"],
      summary: "Whether the calendar feed has an address",
      description: "Only the token's hash is kept: the address itself is shown once, when it is made.",
      responses: { 200: jsonReply("The feed's state.", z.object({ active: z.boolean() })) },
    }),
    async (c) => c.json({ active: await feedActive(c.var.services) }, 200),
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/feed/renew",
      operationId: "renewBookingFeed",
      right: "bookings",
      tags: ["bookings"],
      summary: "Make a new address for the calendar feed; the old one stops working at once",
      responses: {
        200: jsonReply(
          "The new address (a path under the site), shown this once.",
          z.object({ path: z.string().meta({ description: "/api/bookings/feed/<token>/rezervari.ics" }) }),
        ),
      },
    }),
    async (c) => c.json(await renewFeedToken(c.var.services, actorOf(c)), 200),
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/",
      operationId: "listBookings",
      right: "bookings",
      tags: ["bookings"],
      summary: "Bookings over a range of days, by machine, category, request or state",
      description:
        "Bookings with a day from `from` to `to` (both included, at most 366 days; `from` alone: 366 days from it; neither: 366 days from " +
        "today, or with `lead` every booking of that request), ordered by first day and model. Cancelled bookings are listed too (state anulat) " +
        "unless `state` chooses.",
      request: { query: bookingListQuerySchema },
      responses: {
        200: jsonReply("The bookings.", bookings),
        ...errorReplies({
          400: "INVALID_BOOKING_FILTER: a day that is not YYYY-MM-DD, `to` without `from`, a range over 366 days or reversed, an id that is not a UUID, an unknown state.",
        }),
      },
    }),
    async (c) => c.json(await bookingList(c.var.services, c.req.valid("query")), 200),
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/",
      operationId: "createBooking",
      right: "bookings",
      tags: ["bookings"],
      summary: "Book units of a machine from a first to a last day",
      description: `Days are Romanian days, both included; the first may not be before today (BOOKING_IN_THE_PAST). ${OVERBOOKING_RULE}`,
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { body: objectBody(bookingCreateSchema) },
      responses: {
        201: jsonReply("The booking as stored.", bookingView),
        ...errorReplies({ 400: `${NEW_BOOKING_FIELD_ERRORS} BOOKING_IN_THE_PAST at first_day.` }),
        409: jsonReply("BOOKING_OVERBOOKED: the days beyond the fleet are in `conflicts`.", bookingConflictBody),
      },
    }),
    async (c) => c.json(await createBooking(c.var.services, actorOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/availability",
      operationId: "getBookingAvailability",
      right: "bookings",
      tags: ["bookings"],
      summary: "A machine's fleet and each day's state over a range",
      description:
        "Each day from `from` to `to` (both included, at most 366 days): free, partly (some units taken), booked (every unit taken) or on-request (a fleet of 0 units), counting tentative and confirmed bookings, as the public pages do.",
      request: { query: bookingAvailabilityQuerySchema },
      responses: {
        200: jsonReply("The machine's availability.", bookingAvailabilityView),
        ...errorReplies({
          400: "UNKNOWN_BOOKING_PRODUCT (not a UUID, or no such machine), INVALID_AVAILABILITY_DAY, AVAILABILITY_LAST_DAY_BEFORE_FIRST, AVAILABILITY_RANGE_TOO_LONG.",
        }),
      },
    }),
    async (c) => {
      const { product, from, to } = c.req.valid("query");
      return c.json(await bookingAvailability(c.var.services, product, from, to), 200);
    },
  )
  .openapi(
    adminRoute({
      method: "get",
      path: "/{id}",
      operationId: "getBooking",
      right: "bookings",
      tags: ["bookings"],
      summary: "One booking",
      request: { params: idParams },
      responses: {
        200: jsonReply("The booking.", bookingView),
        ...errorReplies({ 404: "ERROR_GET_BOOKING: no booking has this id." }),
      },
    }),
    async (c) =>
      c.json(await bookingById(c.var.services, uuidParam(c.req.valid("param").id, "ERROR_GET_BOOKING")), 200),
  )
  .openapi(
    adminRoute({
      method: "put",
      path: "/{id}",
      operationId: "updateBooking",
      right: "bookings",
      tags: ["bookings"],
      summary: "Change a booking's days, units, state or note",
      description: `Fields left out keep what is stored; the rules apply to the booking that results (a cancelled booking sent a state comes back). ${OVERBOOKING_RULE} ${EDIT_VERSION_RULE}`,
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { params: idParams, body: objectBody(bookingUpdateSchema) },
      responses: {
        200: jsonReply("The booking as stored.", bookingView),
        ...errorReplies({
          400: NEW_BOOKING_FIELD_ERRORS,
          404: "ERROR_UPDATE_BOOKING: no booking has this id.",
        }),
        409: jsonReply(
          `BOOKING_OVERBOOKED: the days beyond the fleet are in \`conflicts\`. ${EDIT_CONFLICT}`,
          bookingConflictBody,
        ),
      },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_UPDATE_BOOKING");
      return c.json(await changeBooking(c.var.services, actorOf(c), id, c.req.valid("json")), 200);
    },
  )
  .openapi(
    adminRoute({
      method: "post",
      path: "/{id}/cancel",
      operationId: "cancelBooking",
      right: "bookings",
      tags: ["bookings"],
      summary: "Cancel a booking (it stays, as anulat)",
      description: `The booking is kept with state anulat and takes no units any more; cancelling a cancelled booking changes nothing else. ${EDIT_VERSION_RULE}`,
      middleware: [limitBody(SMALL_BODY_LIMIT)],
      request: { params: idParams, body: objectBody(bookingCancelSchema) },
      responses: {
        200: jsonReply("The booking as stored.", bookingView),
        ...errorReplies({
          400: "INVALID_EDIT_VERSION, or ERROR_BAD_REQUEST when the body is not JSON.",
          404: "ERROR_CANCEL_BOOKING: no booking has this id.",
        }),
        409: jsonReply(EDIT_CONFLICT, bookingConflictBody),
      },
    }),
    async (c) => {
      const id = uuidParam(c.req.valid("param").id, "ERROR_CANCEL_BOOKING");
      return c.json(await cancelBooking(c.var.services, actorOf(c), id, c.req.valid("json").version), 200);
    },
  );
