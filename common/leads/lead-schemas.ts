import { z } from "../zod.ts";
import { isFilterDay } from "../days/romanian-day.ts";
import { uuidField } from "../fields/schema-fields.ts";
import { CURRENCIES } from "../pricing/money.ts";

/**
 * Leads: the contact and quote requests visitors send, as the company keeps them, and their inbox
 * ('Cereri oferta'): what the admin screens ask of /api/contact/requests and what they get back. One
 * module for the screens, the API's validation and its OpenAPI document.
 */

/** Where the administrator is with a lead: new, contacted, done. */
export const LEAD_STATUSES = ["nou", "contactat", "finalizat"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_PAGE_SIZES = [10, 20, 50, 100] as const;
export const LEAD_DEFAULT_PAGE_SIZE = 20;
/** A search is a few words of a name, an address, a phone number or a city. */
export const LEAD_SEARCH_MAX_LENGTH = 100;

/** A whole number in a query string ('2'), within bounds. */
function queryNumber(code: "INVALID_CONTACT_REQUEST_PAGE" | "INVALID_CONTACT_REQUEST_PAGE_SIZE", max: number) {
  return z
    .string({ error: code })
    .regex(/^\d{1,6}$/, { error: code })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: code }).max(max, { error: code }));
}

/** A day in a query string ('2026-12-01'), a Romanian calendar day within FILTER_DAYS. */
const queryDay = z
  .string({ error: "INVALID_CONTACT_REQUEST_DATE" })
  .refine(isFilterDay, { error: "INVALID_CONTACT_REQUEST_DATE" })
  .optional();

/**
 * Which requests: a search over name, e-mail, phone and city, a status, a machine or a category of
 * the quote list, the days a machine of the list is wanted from (`startFrom` to `startTo`), and the
 * days the request was received (`receivedFrom` to `receivedTo`; Romanian days, both ends included).
 * Shared by the list and the CSV export.
 */
export const leadFilterSchema = z.object({
  q: z
    .string({ error: "INVALID_CONTACT_REQUEST_SEARCH" })
    .max(LEAD_SEARCH_MAX_LENGTH, { error: "INVALID_CONTACT_REQUEST_SEARCH" })
    .optional(),
  status: z.enum(LEAD_STATUSES, { error: "INVALID_CONTACT_REQUEST_STATUS" }).optional(),
  product: uuidField("INVALID_CONTACT_REQUEST_PRODUCT").optional(),
  category: uuidField("INVALID_CONTACT_REQUEST_CATEGORY").optional(),
  startFrom: queryDay,
  startTo: queryDay,
  receivedFrom: queryDay,
  receivedTo: queryDay,
});

/** The list's query: the filter and a page (1-based) of `pageSize` requests, newest first. */
export const leadListQuerySchema = leadFilterSchema.extend({
  page: queryNumber("INVALID_CONTACT_REQUEST_PAGE", 1_000_000).optional(),
  pageSize: queryNumber("INVALID_CONTACT_REQUEST_PAGE_SIZE", Math.max(...LEAD_PAGE_SIZES)).optional(),
});

export type LeadFilter = z.output<typeof leadFilterSchema>;
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** PUT /api/contact/requests/{id}/status: where the administrator is with the request. */
export const leadStatusSchema = z.object({
  status: z.enum(LEAD_STATUSES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? "REQUIRED_CONTACT_REQUEST_STATUS"
        : "INVALID_CONTACT_REQUEST_STATUS",
  }),
});
export type LeadStatusChange = z.output<typeof leadStatusSchema>;

/**
 * What became of the e-mail that reported the request to the company: sent; pending (waiting for its
 * first or next attempt); failing (the last attempt failed, `lastError` says why, retried at `nextAttemptAt`).
 */
export const LEAD_DELIVERY_STATES = ["sent", "pending", "failing"] as const;
export type LeadDeliveryState = (typeof LEAD_DELIVERY_STATES)[number];

export const leadDeliverySchema = z.object({
  state: z.enum(LEAD_DELIVERY_STATES),
  /** Null once the outbox forgot a sent message. */
  attempts: z.number().int().nullable(),
  /** When it was sent; null while unsent, and once the outbox forgot a sent message (MAIL_RETENTION_DAYS). */
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type LeadDelivery = z.output<typeof leadDeliverySchema>;

/** One machine of a request's quote list, as it was when the request was sent. */
export const leadItemViewSchema = z.object({
  productId: z.string(),
  /** The model and category when the request was sent (the catalogue may change later). */
  model: z.string(),
  categoryId: z.string().nullable(),
  category: z.string().nullable(),
  startDate: z.string().nullable().meta({ description: "YYYY-MM-DD, a day in Romania; null: not decided." }),
  days: z.number().int().nullable(),
  /** The last day, counting the first: startDate + days - 1; null unless both are known. */
  endDate: z.string().nullable(),
  operator: z.boolean(),
  units: z
    .number()
    .int()
    .meta({ description: "How many of the machine (additive); 1 for requests from before units could be chosen." }),
  /** The machine's public page now; null once it is deleted from the catalogue. */
  publicPath: z.string().nullable(),
});
export type LeadItemView = z.output<typeof leadItemViewSchema>;

export const leadViewSchema = z.object({
  id: z.uuid(),
  createdAt: z.string().meta({ description: "ISO-8601, UTC." }),
  status: z.enum(LEAD_STATUSES),
  lastName: z.string(),
  firstName: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  categories: z.string(),
  message: z.string(),
  lang: z.string(),
  /** The machine whose 'CERETI OFERTA' button opened the form, and its model then. */
  productId: z.string().nullable(),
  productModel: z.string().nullable(),
  /**
   * False for a form posted without JavaScript, so without the captcha
   * (docs/decisions/014-contact-requests-one-answer-per-captcha-one.md): possibly a robot.
   */
  verified: z.boolean(),
  /** Null for a request stored without an e-mail (none are, since the outbox exists). */
  delivery: leadDeliverySchema.nullable(),
  /**
   * The quote list: the machines asked for, in the visitor's order (the 'CERETI OFERTA' machine of
   * a request without a list).
   */
  items: z.array(leadItemViewSchema),
  offerConflict: z.object({ uuid: z.string(), number: z.string() }).nullable().meta({
    description:
      "An offer of this request the customer accepted whose machines could not all be confirmed (decision 097): the office calls them.",
  }),
});
export type LeadView = z.output<typeof leadViewSchema>;

export const leadPageSchema = z.object({
  items: z.array(leadViewSchema),
  /** How many requests match the filter, over every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LeadPage = z.output<typeof leadPageSchema>;

/** How many requests are in each status (the menu shows the new ones). */
export const leadCountsSchema = z.object({
  nou: z.number().int(),
  contactat: z.number().int(),
  finalizat: z.number().int(),
}) satisfies z.ZodType<Record<LeadStatus, number>>;
export type LeadCounts = z.output<typeof leadCountsSchema>;

/** Weeks, statuses, most-asked machines and the offers' months of the demand overview. */
export const LEAD_OVERVIEW_WEEKS = 12;
export const LEAD_OVERVIEW_DAYS = 90;
export const LEAD_OVERVIEW_TOP = 10;
export const LEAD_OVERVIEW_MONTHS = 12;

const offerSumsSchema = z.object({
  count: z.number().int(),
  total: z.number().int().meta({ description: "Their totals with VAT added, in minor units of `currency`." }),
  net: z.number().int().meta({ description: "Their totals without VAT added, in minor units of `currency`." }),
});

/**
 * The offers of the overview's months (decision 099): sent (by when; an offer number once, its newest
 * version sent) and accepted (by when the customer accepted), with their values. Only offers written in
 * the site's currency are added to the values; every offer is counted.
 */
const offerMonthsSchema = z.object({
  currency: z.enum(CURRENCIES).meta({ description: "The site's currency (Configurare), of every amount here." }),
  months: z.array(
    z.object({
      month: z.string().meta({ description: "YYYY-MM, in Romania's time; the current month last." }),
      sent: offerSumsSchema,
      accepted: offerSumsSchema,
    }),
  ),
});

/**
 * GET /api/contact/requests/overview: the requests of the last 12 weeks (Monday to Sunday in Romania,
 * the current week last), all requests by status, and the machines and categories of quote lists most
 * asked for in the last 90 days (requests that ask for them, most first, at most 10 each), and the
 * offers sent and accepted in each of the last 12 months.
 */
export const leadOverviewSchema = z.object({
  weeks: z.array(z.object({ from: z.string(), to: z.string(), count: z.number().int() })),
  statuses: leadCountsSchema,
  since: z.string().meta({ description: "The first day of the 90 the machines and categories are counted over." }),
  machines: z.array(
    z.object({ productId: z.string(), model: z.string(), category: z.string().nullable(), count: z.number().int() }),
  ),
  categories: z.array(z.object({ categoryId: z.string(), name: z.string(), count: z.number().int() })),
  offers: offerMonthsSchema,
});
export type LeadOverview = z.output<typeof leadOverviewSchema>;
