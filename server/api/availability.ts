import { availabilityQuerySchema, machineAvailabilitySchema } from "../../common/bookings/availability-call.ts";
import { publicMachineDays } from "../bookings/public-availability.ts";
import { AVAILABILITY_CALLS_PER_ADDRESS_PER_MINUTE } from "../bookings/rate-limits.ts";
import { clientAddress } from "../http/client-address.ts";
import { takeOrRefuse } from "../http/rate-limiter.ts";
import { apiRouter, errorReplies, jsonReply, publicRoute } from "./route-factory.ts";

const machineAvailabilityReply = machineAvailabilitySchema.meta({ id: "MachineAvailability" });

/** A machine's availability per day, for visitors (the quote list's warnings), mounted at /api/availability. */
export const availabilityRoutes = apiRouter().openapi(
  publicRoute({
    method: "get",
    path: "/",
    operationId: "getMachineAvailability",
    tags: ["bookings"],
    summary: "A machine's availability per day, as visitors see it",
    description:
      "Each day from `from` to `to` (Romanian days, both included, at most 366) with its state: `free` (every unit free), `partly` " +
      "(some units booked), `booked` (no unit free), `on-request` (the machine has no units to rent now). Tentative and confirmed " +
      "bookings both count. Nothing of a booking is given: not its note, state, request or customer. Revalidated with its ETag.",
    request: { query: availabilityQuerySchema },
    responses: {
      200: jsonReply("The machine's days.", machineAvailabilityReply),
      ...errorReplies({
        400: "REQUIRED_AVAILABILITY_PRODUCT, UNKNOWN_AVAILABILITY_PRODUCT (not a UUID), INVALID_AVAILABILITY_DAY (`from` or `to` not YYYY-MM-DD), AVAILABILITY_LAST_DAY_BEFORE_FIRST, AVAILABILITY_RANGE_TOO_LONG (over 366 days); one `errors` entry per field.",
        404: "UNKNOWN_AVAILABILITY_PRODUCT: no such machine; AVAILABILITY_NOT_SHOWN: the site's configuration hides availability (show_availability false).",
        429: `ERROR_TOO_MANY_REQUESTS: over ${AVAILABILITY_CALLS_PER_ADDRESS_PER_MINUTE} calls a minute from one client address (IPv6 per /64); Retry-After says when to ask again.`,
      }),
    },
  }),
  async (c) => {
    const { product, from, to } = c.req.valid("query");
    takeOrRefuse(c.var.services.rateLimits.availabilityCalls, clientAddress(c, c.var.services.config));
    return c.json({ product, days: await publicMachineDays(c.var.services, product, from, to) }, 200);
  },
);
