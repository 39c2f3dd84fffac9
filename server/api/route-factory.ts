import { OpenAPIHono, createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { z } from "zod";
import { RIGHTS, rolesWithRight, ROLE_LABELS, type Right } from "../../common/team/roles.ts";
import { requireAdmin, requireRight, requireSignedIn } from "./require-admin.ts";
import { noStore } from "../http/no-store.ts";
import type { ErrorStatus } from "../core/errors.ts";
import type { ApiEnv } from "../services.ts";
import { validationErrorOf } from "../core/validation.ts";
import { errorBody, validationErrorBody } from "./reply-schemas.ts";

/**
 * How every API route is declared (docs/decisions/008-every-api-route-is-a-createroute-the-openapi.md): `createRoute`
 * configurations whose schemas both validate the request and make /api/openapi.json, so the document cannot drift from
 * what the handlers accept. Middleware of a route runs before its validation: a 401 (requireAdmin)
 * or a 413 (body limit) comes before a 415 (not JSON) and a 400 (invalid fields).
 */

/** A router whose failed validations throw our ValidationError: one 400 shape, from the one error handler. */
export function apiRouter(): OpenAPIHono<ApiEnv> {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationErrorOf(result.error.issues);
    },
  });
}

export type ApiTag =
  | "auth"
  | "categories"
  | "products"
  | "banners"
  | "configuration"
  | "contact"
  | "bookings"
  | "offers"
  | "offer-links"
  | "search"
  | "activity"
  | "trash"
  | "revisions"
  | "status"
  | "team"
  | "version"
  | "documentation";

export const API_TAGS: readonly { name: ApiTag; description: string }[] = [
  { name: "auth", description: "Log in, keep the session fresh, log out, change or reset the password." },
  { name: "categories", description: "The product categories: public reads, admin writes." },
  { name: "products", description: "The equipment for rent: public reads, admin writes. Pictures travel as base64." },
  { name: "banners", description: "The home page's banner pictures: public reads, admin writes." },
  {
    name: "configuration",
    description: "The site's settings: the public pages' read by anyone, every key by Configurare.",
  },
  { name: "contact", description: "The contact / quote request form and its captcha." },
  {
    name: "bookings",
    description: "The fleet's bookings (admin): days taken per machine, the overbooking rule, the calendar feed.",
  },
  {
    name: "offers",
    description:
      "The offers (admin): a request's machines priced by the rule with discounts and VAT, numbered per year, drafts and versions.",
  },
  {
    name: "offer-links",
    description:
      "An offer's personal link (public, no account, decision 097): the customer reads the offer and accepts or refuses it.",
  },
  {
    name: "search",
    description: "The site's search: suggestions as the visitor types, and the searches that found nothing (admin).",
  },
  {
    name: "activity",
    description:
      "The activity log (admin): who did what and when, from logins to deletions, newest first, and its CSV.",
  },
  {
    name: "trash",
    description: "The trash (admin): deleted machines kept whole for a while, restored or purged.",
  },
  {
    name: "revisions",
    description:
      "The history (admin): each save of a machine, a category or the configuration kept, its changes in words, restored as a new save.",
  },
  { name: "status", description: "How the site stands (admin): backups, disk, database, outbox, work pools." },
  {
    name: "team",
    description:
      "The team (decision 091): accounts, invitations, roles and deactivation (administrators), and each person's own name and e-mail.",
  },
  { name: "version", description: "What is running." },
  { name: "documentation", description: "This description of the API." },
];

/** What every route states about itself; the rest is RouteConfig's own. */
type ApiRouteConfig = RouteConfig & { operationId: string; tags: [ApiTag]; summary: string };

type Reply = RouteConfig["responses"][string];

/** A failure reply: a 400 may list invalid fields or name one code; every other failure names one code. */
export function errorReply(status: ErrorStatus, description: string) {
  const schema = status === 400 ? z.union([validationErrorBody, errorBody]) : errorBody;
  return {
    description,
    content: { "application/json": { schema } },
    ...(status === 429
      ? { headers: z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait." }) }) }
      : {}),
  } satisfies Reply;
}

/** The failure replies of a route, from `{ status: "CODE: when" }`. */
export function errorReplies(errors: Partial<Record<ErrorStatus, string>>): Record<string, Reply> {
  return Object.fromEntries(
    Object.entries(errors).map(([status, description]) => [
      status,
      errorReply(Number(status) as ErrorStatus, description),
    ]),
  );
}

export function jsonReply<Schema extends z.ZodType>(description: string, schema: Schema) {
  return { description, content: { "application/json": { schema } } };
}

/**
 * A required JSON body. An object schema reads a body that is not an object (`[]`, `null`, `"x"`) as
 * `{}`, so every required field reports its own code rather than one error for the whole body.
 */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return { required: true, content: { "application/json": { schema } } } as const;
}

export function objectBody<Schema extends z.ZodObject>(schema: Schema) {
  return jsonBody(
    z.preprocess((body) => (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}), schema),
  );
}

const BODY_ERRORS = {
  400: "One `errors` entry per invalid field, or ERROR_BAD_REQUEST when the body is not JSON.",
  413: "ERROR_PAYLOAD_TOO_LARGE: the body is over the call's limit.",
  415: "ERROR_UNSUPPORTED_MEDIA_TYPE: the body is not sent as `application/json`.",
} as const;

/**
 * A route's own middleware (`config.middleware`) run as one handler typed with our env: a list of
 * handlers typed by Hono (body limit) would leave the handler's `c.var` untyped.
 */
function combined(
  first: readonly MiddlewareHandler<ApiEnv>[],
  own: RouteConfig["middleware"],
): [MiddlewareHandler<ApiEnv>] {
  const all = [
    ...first,
    ...((own === undefined ? [] : Array.isArray(own) ? own : [own]) as MiddlewareHandler<ApiEnv>[]),
  ];
  const handler: MiddlewareHandler<ApiEnv> = all.length === 1 ? all[0] : every(...all);
  return [handler];
}

/** The body's generic failures first, so a route's own description of a status wins. */
function withBodyErrors<R extends RouteConfig>(config: R): R["responses"] {
  return config.request?.body ? { ...errorReplies(BODY_ERRORS), ...config.responses } : config.responses;
}

/** A call anyone may make (documented with an empty security list: no credentials). */
export function publicRoute<const R extends ApiRouteConfig>(config: R) {
  const { middleware, ...rest } = config;
  return createRoute({
    ...rest,
    ...(middleware === undefined ? {} : { middleware: combined([], middleware) }),
    security: [],
    responses: withBodyErrors(config) as R["responses"],
  });
}

/** The roles holding a right, in words: "Administrator, Catalog". */
function rolesInWords(right: Right): string {
  return rolesWithRight(right)
    .map((role) => ROLE_LABELS[role])
    .join(", ");
}

/** Each right's line in the document, made once. */
const RIGHT_WORDS = new Map(RIGHTS.map((right) => [right, `Right: \`${right}\` (${rolesInWords(right)}).`]));

/** A route of the back-office names the right it needs (decision 091); one that does not, does not compile. */
type GuardedRouteConfig = ApiRouteConfig & { right: Right };

const FORBIDDEN = "ERROR_FORBIDDEN: the account's role lacks this operation's right.";

/**
 * A call of the back-office: requireAdmin runs first (401 before anything else, then the 403 of a second
 * factor Configurare requires and the person has not enrolled, decision 092), then the right the operation
 * declares (403 ERROR_FORBIDDEN for a role without it, decision 091), with the bearer token documented; no
 * reply of it is ever cached (noStore, the 401 included). The document states the right in `x-right`,
 * `x-roles` and the description.
 */
export function adminRoute<const R extends GuardedRouteConfig>(config: R) {
  return signedInRoute(
    config,
    requireAdmin,
    `${FORBIDDEN} SECOND_FACTOR_ENROLMENT_REQUIRED: Configurare requires a second factor and this account has not enrolled one yet; only the enrolment answers.`,
  );
}

/**
 * A call a signed-in person may make before enrolling a second factor that Configurare requires
 * (decision 092): their account, the enrolment, their sessions, signing out.
 */
export function enrolmentRoute<const R extends GuardedRouteConfig>(config: R) {
  return signedInRoute(config, requireSignedIn, FORBIDDEN);
}

function signedInRoute<const R extends GuardedRouteConfig>(
  config: R,
  guard: MiddlewareHandler<ApiEnv>,
  forbidden: string,
) {
  const { middleware, right, ...rest } = config;
  return createRoute({
    ...rest,
    description: [rest.description, RIGHT_WORDS.get(right)].filter(Boolean).join("\n\n"),
    "x-right": right,
    "x-roles": rolesWithRight(right),
    middleware: combined([noStore, guard, requireRight(right)], middleware),
    security: [{ bearerAuth: [] }],
    responses: {
      ...(withBodyErrors(config) as R["responses"]),
      401: errorReply(401, "ERROR_UNAUTHORIZED: no bearer token, or one that no longer grants access."),
      403: errorReply(403, forbidden),
    },
  });
}

/** The 413 of a call carrying pictures. */
export const PICTURE_LIMIT =
  "ERROR_PAYLOAD_TOO_LARGE: the body is over the call's limit; ERROR_IMAGE_TOO_LARGE: a picture is over its size or pixel limit.";

/** The path parameter naming a record. */
export const idParams = z.object({
  id: z.string().meta({ description: "The record's id (a UUID); any other text is answered 404." }),
});
